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
