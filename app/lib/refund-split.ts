import { formatAmount } from "~/lib/format-price";

/**
 * Where a refund's money goes and when it arrives, as the client is told in a message or an e-mail:
 * what a gift voucher paid goes back to it first (decision 048), the rest to the card.
 */

/** When refunded money arrives, as the refund e-mails say it (the shop's and the booking's alike). */
export const REFUND_TIMING = "Approved refunds reach your card within 5-10 business days, as our Refund Policy says.";

/** Money back on a gift voucher (decision 048) is there as soon as the refund is made. */
export const VOUCHER_TIMING =
  "What goes back to your gift voucher is on it as soon as the refund is made, to spend until the voucher's date.";

/** What of a refund goes back to the gift voucher that paid part of the order (first), and to the card. */
function splitRefund(cents: number, voucherCents: number | undefined) {
  const toVoucher = Math.min(cents, Math.max(0, voucherCents ?? 0));
  return { toVoucher, toCard: cents - toVoucher };
}

/** Where a refund's money goes, as the client's message says it after the amount. */
export function refundDestination(cents: number, voucherCents: number | undefined): string {
  const { toVoucher, toCard } = splitRefund(cents, voucherCents);
  if (toVoucher === 0) return "is being refunded to your card.";
  if (toCard === 0) return "goes back to your gift voucher.";
  return `is being refunded: ${formatAmount(toVoucher)} to your gift voucher, ${formatAmount(toCard)} to your card.`;
}

/**
 * Where a refund goes, in brackets after its amount on the client's own pages ('£50.00 (£25.00 to
 * your gift voucher, £25.00 to your card)'); "" when it all goes to the card.
 */
export function refundParts(cents: number, voucherCents: number | undefined): string {
  const { toVoucher, toCard } = splitRefund(cents, voucherCents);
  if (toVoucher === 0) return "";
  if (toCard === 0) return " (to your gift voucher)";
  return ` (${formatAmount(toVoucher)} to your gift voucher, ${formatAmount(toCard)} to your card)`;
}

/** Where a refund the owner makes goes, after its amount in her confirmation ("" when all to the card). */
export function refundRoute(cents: number, voucherCents: number): string {
  const { toVoucher, toCard } = splitRefund(cents, voucherCents);
  if (toVoucher === 0) return "";
  if (toCard === 0) return " (all of it to the gift voucher that paid)";
  return ` (${formatAmount(toVoucher)} to the gift voucher that paid, ${formatAmount(toCard)} to their card)`;
}

/**
 * A refund e-mail's rows and closing lines for where the money goes: what a gift voucher paid goes
 * back to it first (decision 048), the rest to the card. No split rows when it all goes one way.
 */
export function refundSplit(cents: number, voucherCents: number | undefined) {
  const { toVoucher, toCard } = splitRefund(cents, voucherCents);
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
