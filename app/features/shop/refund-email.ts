import { formatAmount } from "~/lib/format-price";
import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { refundSplit } from "~/lib/refund-split";
import type { RefundReason } from "./model";
import type { VatCredit } from "./vat/vat-credit.server";
import { formatInvoiceNumber } from "./vat/vat-invoice";

const WHY: Record<RefundReason, string> = {
  admin: "Your refund has been approved.",
  already_owned:
    "You paid for something you already had: it was bought through another checkout, or your Digital Access membership includes it. You are never charged twice, so that payment has been refunded.",
  unavailable:
    "Something you paid for was withdrawn from sale before your payment arrived, so that payment has been refunded.",
  booking_cancelled: "Your session was cancelled and refunded as our Refund Policy says.",
  practitioner_cancelled: "The practitioner cancelled your session, so it is refunded in full.",
  slot_taken: "The time you paid for was no longer free, so your payment has been refunded in full.",
  package_ended: "You ended your package, so the sessions you had not booked are refunded.",
  external: "Your payment has been refunded.",
};

/** The buyer's notice of money sent back: how much, for what, why, and when it reaches their card. */
export function refundEmail(
  sender: Sender,
  to: { email: string; name: string },
  refund: {
    orderId: string;
    reason: RefundReason;
    amountCents: number;
    /** What of it went back to the gift voucher that paid part of the order (decision 048). */
    voucherCents?: number | undefined;
    titles: string[];
    accountUrl: string;
    /** Set when the order had a VAT invoice: this e-mail is then its credit note. */
    vatCredit?: VatCredit | null | undefined;
  },
): MailMessage {
  const credit = refund.vatCredit;
  const split = refundSplit(refund.amountCents, refund.voucherCents);
  return renderEmail(sender, {
    to: to.email,
    subject: `Your ${sender.brand} refund of ${formatAmount(refund.amountCents)}`,
    paragraphs: [`Hello ${to.name},`, WHY[refund.reason]],
    rows: [
      { label: "Order", value: `#${refund.orderId.slice(0, 8)}` },
      ...refund.titles.map((title) => ({ label: title, value: "Refunded" })),
      { label: "Refund", value: formatAmount(refund.amountCents) },
      ...split.rows,
      ...(credit
        ? [
            { label: "Credit against VAT invoice", value: formatInvoiceNumber(credit.invoiceNumber) },
            { label: "VAT refunded", value: formatAmount(credit.vatCents) },
          ]
        : []),
    ],
    action: { label: "My Sacred Downloads", url: refund.accountUrl },
    after: [
      ...split.after,
      ...(credit
        ? [`This e-mail is the credit note for VAT invoice ${formatInvoiceNumber(credit.invoiceNumber)}.`]
        : []),
    ],
  });
}
