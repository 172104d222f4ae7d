/**
 * What a VAT invoice states, worked out from the lines as paid (decision 050). Pure: prices are
 * VAT-inclusive, as the buyer saw and paid them (no VAT is ever added on top), so the VAT is the
 * part of each line's price that is tax, at that line's rate.
 */
import type { InvoiceLine } from "~/lib/db/schema.server";
import type { LineKind } from "../model";

/** 20% in basis points: the UK standard rate. */
export const STANDARD_RATE_BASIS_POINTS = 2000;

/**
 * The rate of each kind of thing sold. All standard-rated until her accountant says otherwise: some
 * e-publications are zero-rated (VAT Notice 701/10), which would be a change of this one table.
 */
export const VAT_RATES: Record<LineKind, number> = {
  product: STANDARD_RATE_BASIS_POINTS,
  membership: STANDARD_RATE_BASIS_POINTS,
  session: STANDARD_RATE_BASIS_POINTS,
  package: STANDARD_RATE_BASIS_POINTS,
  // A gift voucher's sale (decision 048): a single-purpose voucher (one named service) is taxed when
  // sold, at that service's rate; a multi-purpose one (an amount) is not, as VAT is due when it is spent.
  // The line's own rate (below) says which; this is the multi-purpose default.
  voucher: 0,
};

/** Below this total (VAT included) a simplified VAT invoice is enough (HMRC VAT Notice 700/21, 16.6). */
export const SIMPLIFIED_INVOICE_LIMIT_CENTS = 25_000;

/** The VAT inside a VAT-inclusive price, to the nearest penny. */
export function vatIn(grossCents: number, rateBasisPoints: number): number {
  return Math.round((grossCents * rateBasisPoints) / (10_000 + rateBasisPoints));
}

/** Each line as the invoice states it: its description, what it took, its rate and the VAT in it. */
export function invoiceLines(
  lines: { title: string; amountCents: number; kind: LineKind; rateBasisPoints?: number | undefined }[],
): InvoiceLine[] {
  return lines.map((line) => {
    const rateBasisPoints = line.rateBasisPoints ?? VAT_RATES[line.kind];
    return {
      description: line.title,
      grossCents: line.amountCents,
      rateBasisPoints,
      vatCents: vatIn(line.amountCents, rateBasisPoints),
    };
  });
}

/** The invoice's totals: VAT included, the VAT (the sum of the lines'), and the total without it. */
export function invoiceTotals(lines: InvoiceLine[]) {
  const grossCents = lines.reduce((sum, line) => sum + line.grossCents, 0);
  const vatCents = lines.reduce((sum, line) => sum + line.vatCents, 0);
  const rates = [...new Set(lines.map((line) => line.rateBasisPoints))].sort((a, b) => b - a);
  return {
    grossCents,
    vatCents,
    netCents: grossCents - vatCents,
    byRate: rates.map((rate) => ({
      rateBasisPoints: rate,
      vatCents: lines.filter((l) => l.rateBasisPoints === rate).reduce((sum, l) => sum + l.vatCents, 0),
    })),
    simplified: grossCents < SIMPLIFIED_INVOICE_LIMIT_CENTS,
  };
}

/** '20%' for 2000 basis points, '5%', '0%', '12.5%'. */
export function formatRate(rateBasisPoints: number): string {
  return `${rateBasisPoints / 100}%`;
}

/** The invoice number as printed: the series, zero-padded so they sort ('000042'). */
export function formatInvoiceNumber(invoiceNumber: number): string {
  return String(invoiceNumber).padStart(6, "0");
}
