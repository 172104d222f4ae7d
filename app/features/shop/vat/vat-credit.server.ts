import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { orderLines, refundLines } from "~/lib/db/schema.server";
import { readVatInvoice } from "./issue-vat-invoice.server";
import { VAT_RATES, vatIn } from "./vat-invoice";

/** What a refund's e-mail says of VAT: the invoice it is a credit against and the VAT going back. */
export type VatCredit = { invoiceNumber: number; vatCents: number };

/**
 * A refund of an order that had a VAT invoice is a credit against that invoice (decision 050): its
 * e-mail names the invoice and the VAT refunded, worked out per line at each line's rate, as the
 * invoice did. Refunds of orders without an invoice say nothing of VAT.
 */
export async function vatCreditOf(
  db: Database,
  refund: { id: string; purchaseId: string; amountCents: number },
): Promise<VatCredit | null> {
  const invoice = await readVatInvoice(db, refund.purchaseId);
  if (!invoice) return null;
  const allocated = await db
    .select({ amountCents: refundLines.amountCents, kind: orderLines.kind })
    .from(refundLines)
    .innerJoin(orderLines, eq(orderLines.id, refundLines.lineId))
    .where(eq(refundLines.refundId, refund.id));
  const rate = invoice.lines[0]?.rateBasisPoints ?? 0;
  const vatCents = allocated.length
    ? allocated.reduce((sum, line) => sum + vatIn(line.amountCents, VAT_RATES[line.kind]), 0)
    : vatIn(refund.amountCents, rate);
  return { invoiceNumber: invoice.number, vatCents };
}
