import type { Database } from "~/lib/db/client.server";
import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { paidByRows } from "~/lib/order-total";
import { voucherKeptOf } from "../voucher/voucher-kept.server";
import { readVatInvoice } from "./issue-vat-invoice.server";
import { formatInvoiceNumber, formatRate, invoiceTotals } from "./vat-invoice";

/**
 * A purchase's VAT invoice as e-mail rows, for a kind of thing sold that writes its own paid e-mail
 * (booking's confirmation, through `line-kinds.server.ts`): the number, tax point, each line with its
 * rate and VAT, the totals, the seller and VAT number as issued. None when no invoice was issued.
 */
export async function vatInvoiceRowsOf(db: Database, purchaseId: string): Promise<{ label: string; value: string }[]> {
  const invoice = await readVatInvoice(db, purchaseId);
  if (!invoice) return [];
  const totals = invoiceTotals(invoice.lines);
  return [
    { label: "VAT invoice number", value: formatInvoiceNumber(invoice.number) },
    { label: "Date (tax point)", value: formatLongDate(invoice.issuedAt) },
    ...invoice.lines.map((line) => ({
      label: line.description,
      value: `${formatAmount(line.grossCents)} (VAT ${formatRate(line.rateBasisPoints)}: ${formatAmount(line.vatCents)})`,
    })),
    { label: "Total excluding VAT", value: formatAmount(totals.netCents) },
    ...totals.byRate.map((rate) => ({
      label: `VAT at ${formatRate(rate.rateBasisPoints)}`,
      value: formatAmount(rate.vatCents),
    })),
    { label: "Total", value: formatAmount(totals.grossCents) },
    ...paidByRows(totals.grossCents, await voucherKeptOf(db, purchaseId)),
    { label: "Sold by", value: invoice.sellerName },
    { label: "Address", value: invoice.sellerAddress },
    { label: "VAT number", value: invoice.vatNumber },
  ];
}
