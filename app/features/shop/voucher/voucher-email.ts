import { formatLastDay, formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailAttachment, MailMessage } from "~/lib/mail/mailer.server";

export type VoucherFacts = {
  code: string;
  value: string;
  recipientName: string;
  buyerName: string;
  message: string;
  expiresAt: Date;
  balanceUrl: string;
  bookUrl: string;
};

/** The recipient's e-mail: who it is from, their message, the code, and how to use it (the voucher attached). */
export function voucherRecipientEmail(
  sender: Sender,
  to: string,
  voucher: VoucherFacts,
  pdf: MailAttachment,
): MailMessage {
  // A voucher the owner issued has no buyer: it comes from the practice itself.
  const from = voucher.buyerName || null;
  const message = renderEmail(sender, {
    to,
    subject: from ? `${from} has sent you a ${sender.brand} gift voucher` : `A ${sender.brand} gift voucher for you`,
    paragraphs: [
      `Hello ${voucher.recipientName},`,
      from
        ? `${from} has sent you a gift voucher for ${voucher.value} with ${sender.brand}.`
        : `${sender.brand} has sent you a gift voucher for ${voucher.value}.`,
      ...(voucher.message ? [`“${voucher.message}”`] : []),
    ],
    rows: [
      { label: "Code", value: voucher.code },
      { label: "Value", value: voucher.value },
      { label: "Valid until", value: formatLastDay(voucher.expiresAt) },
    ],
    action: { label: "Book a session", url: voucher.bookUrl },
    after: [
      "Enter the code when you book a session or pay in the shop. An amount can be spent over several visits; what is left stays on the voucher.",
      `The voucher is attached to print. You can check its balance at ${voucher.balanceUrl}.`,
    ],
  });
  return { ...message, attachments: [pdf] };
}

/** The buyer's e-mail: what they bought, when it will be sent, and the voucher to print or forward. */
export function voucherBuyerEmail(
  sender: Sender,
  to: { email: string; name: string },
  voucher: VoucherFacts & { paidCents: number; sendAt: Date | null; recipientEmail: string | null },
  pdf: MailAttachment,
): MailMessage {
  const delivery = voucher.recipientEmail
    ? voucher.sendAt && voucher.sendAt > new Date()
      ? `We will e-mail it to ${voucher.recipientEmail} on ${formatLongDate(voucher.sendAt)}.`
      : `We have e-mailed it to ${voucher.recipientEmail}.`
    : "It is attached for you to print and hand over.";
  const message = renderEmail(sender, {
    to: to.email,
    subject: `Your ${sender.brand} gift voucher for ${voucher.recipientName}`,
    paragraphs: [`Hello ${to.name},`, `Thank you for your gift voucher for ${voucher.recipientName}. ${delivery}`],
    rows: [
      { label: "Code", value: voucher.code },
      { label: "Value", value: voucher.value },
      { label: "Paid", value: formatAmount(voucher.paidCents) },
      { label: "Valid until", value: formatLastDay(voucher.expiresAt) },
    ],
    after: [
      "The voucher is attached as a PDF, to print or forward. It can be refunded while none of it has been spent, within 14 days of buying it.",
    ],
  });
  return { ...message, attachments: [pdf] };
}
