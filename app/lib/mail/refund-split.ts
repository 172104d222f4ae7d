import { formatAmount } from "~/lib/format-price";

/** When refunded money arrives, as the refund e-mails say it (the shop's and the booking's alike). */
export const REFUND_TIMING = "Approved refunds reach your card within 5-10 business days, as our Refund Policy says.";

/** Money back on a gift voucher (decision 048) is there as soon as the refund is made. */
export const VOUCHER_TIMING =
  "What goes back to your gift voucher is on it as soon as the refund is made, to spend until the voucher's date.";

/**
 * A refund e-mail's rows and closing lines for where the money goes: what a gift voucher paid goes
 * back to it first (decision 048), the rest to the card. No split rows when it all goes one way.
 */
export function refundSplit(cents: number, voucherCents: number | undefined) {
  const toVoucher = Math.min(cents, Math.max(0, voucherCents ?? 0));
  const toCard = cents - toVoucher;
  return {
    rows:
      toVoucher > 0
        ? [
            { label: "To your gift voucher", value: formatAmount(toVoucher) },
            ...(toCard > 0 ? [{ label: "To your card", value: formatAmount(toCard) }] : []),
          ]
        : [],
    after: [...(toVoucher > 0 ? [VOUCHER_TIMING] : []), ...(toCard > 0 ? [REFUND_TIMING] : [])],
  };
}
