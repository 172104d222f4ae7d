import { formatAmount } from "./format-price";

/**
 * An order's total as every screen and e-mail states it (decision 048): the whole of what it cost,
 * and the part a gift voucher paid of it. `cardCents` is what was charged; the voucher's part is
 * on top of it ('£19.99 (£10.00 from a gift voucher, £9.99 by card)').
 */
export function orderTotalText(cardCents: number, voucherCents: number): string {
  const total = formatAmount(cardCents + voucherCents);
  if (voucherCents <= 0) return total;
  if (cardCents <= 0) return `${total}, paid by gift voucher`;
  return `${total} (${formatAmount(voucherCents)} from a gift voucher, ${formatAmount(cardCents)} by card)`;
}

/**
 * What has gone back of an order, said beside its total (My Sacred Downloads, the client record): what went
 * back to the card, and what went back to the gift voucher that paid ('£18.00 refunded (£10.00 to
 * the gift voucher, £8.00 to the card)'). Null when nothing has.
 */
export function refundedText(cardCents: number, voucherCents: number): string | null {
  const card = Math.max(cardCents, 0);
  const voucher = Math.max(voucherCents, 0);
  if (card + voucher === 0) return null;
  if (voucher === 0) return `${formatAmount(card)} refunded`;
  if (card === 0) return `${formatAmount(voucher)} refunded to the gift voucher`;
  return `${formatAmount(card + voucher)} refunded (${formatAmount(voucher)} to the gift voucher, ${formatAmount(card)} to the card)`;
}

/**
 * The same on a receipt or invoice, below its Total (the whole, after any discount): what a gift
 * voucher paid of it and what the card paid, never more from the voucher than the total.
 */
export function paidByRows(totalCents: number, voucherCents: number): { label: string; value: string }[] {
  const voucher = Math.min(Math.max(voucherCents, 0), Math.max(totalCents, 0));
  if (voucher === 0) return [];
  const card = totalCents - voucher;
  return [
    { label: "Paid by gift voucher", value: formatAmount(voucher) },
    ...(card > 0 ? [{ label: "Paid by card", value: formatAmount(card) }] : []),
  ];
}
