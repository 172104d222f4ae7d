import { and, eq, inArray, sql } from "drizzle-orm";
import type { SellerDetails } from "~/features/site-settings/seller-details.server";
import type { Database, Transaction } from "~/lib/db/client.server";
import { numberSeries, orderLines, purchases, type VatInvoice, vatInvoices, vouchers } from "~/lib/db/schema.server";
import { invoiceLines, invoiceTotals, STANDARD_RATE_BASIS_POINTS } from "./vat-invoice";

const SERIES = "vat_invoice";

/**
 * Issues the VAT invoice of a purchase that has just been paid, in the paying transaction (only `tx`:
 * PGlite), when the seller is VAT-registered. The number is the next of a gap-free series: taken from
 * a counter row that this transaction holds locked until it commits, so payments committing at once
 * are numbered one after the other, and one that rolls back gives its number back. A purchase has
 * one invoice however often its payment is delivered. Nothing is issued for a free order, or for one
 * refunded whole as it was paid (nothing was supplied).
 */
export async function issueVatInvoice(
  tx: Transaction,
  purchaseId: string,
  seller: SellerDetails,
): Promise<VatInvoice | null> {
  if (!seller.vatNumber) return null;
  const [existing] = await tx.select().from(vatInvoices).where(eq(vatInvoices.purchaseId, purchaseId));
  if (existing) return existing;
  const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId));
  if (purchase?.status !== "paid" || purchase.totalAmountCents <= 0) return null;
  const kept = (await tx.select().from(orderLines).where(eq(orderLines.purchaseId, purchaseId)))
    .filter((line) => !line.endedAt)
    .sort((a, b) => a.position - b.position);
  // A single-purpose voucher (one named service) is taxed when sold (decision 048).
  const voucherIds = kept.flatMap((line) => (line.kind === "voucher" && line.voucherId ? [line.voucherId] : []));
  const singlePurpose = new Set(
    voucherIds.length
      ? (
          await tx
            .select({ id: vouchers.id })
            .from(vouchers)
            .where(and(inArray(vouchers.id, voucherIds), eq(vouchers.purpose, "single")))
        ).map((v) => v.id)
      : [],
  );
  const lines = invoiceLines(
    kept.map((line) => ({
      ...line,
      rateBasisPoints:
        line.kind === "voucher" && line.voucherId && singlePurpose.has(line.voucherId)
          ? STANDARD_RATE_BASIS_POINTS
          : undefined,
    })),
  );
  const totals = invoiceTotals(lines);
  if (totals.grossCents <= 0) return null;
  const [taken] = await tx
    .insert(numberSeries)
    .values({ name: SERIES, next: 2 })
    .onConflictDoUpdate({ target: numberSeries.name, set: { next: sql`${numberSeries.next} + 1` } })
    .returning({ number: sql<number>`${numberSeries.next} - 1` });
  const [invoice] = await tx
    .insert(vatInvoices)
    .values({
      number: Number(taken?.number),
      purchaseId,
      issuedAt: purchase.paidAt ?? new Date(),
      vatNumber: seller.vatNumber,
      sellerName: `${seller.name}, trading as ${seller.brand}`,
      sellerAddress: seller.address,
      lines,
      grossCents: totals.grossCents,
      vatCents: totals.vatCents,
    })
    .returning();
  return invoice ?? null;
}

/** A purchase's VAT invoice, if one was issued. */
export async function readVatInvoice(db: Database, purchaseId: string): Promise<VatInvoice | null> {
  const [invoice] = await db.select().from(vatInvoices).where(eq(vatInvoices.purchaseId, purchaseId));
  return invoice ?? null;
}
