import { formatAmount } from "~/lib/format-price";
import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { paidByRows } from "~/lib/order-total";

/** What the owner is told of as it happens. */
export type OwnerNotice =
  | {
      kind: "sale";
      orderId: string;
      buyerEmail: string;
      lines: { title: string; amountCents: number | null }[];
      totalCents: number;
      /** What a gift voucher paid of the total. */
      voucherCents?: number | undefined;
    }
  | { kind: "refund"; orderId: string; buyerEmail: string; titles: string[]; amountCents: number }
  | { kind: "member"; buyerEmail: string };

/** The owner's notice of a sale, a refund or a new member, with a link to the orders. */
export function ownerNoticeEmail(sender: Sender, to: string, notice: OwnerNotice, ordersUrl: string): MailMessage {
  const action = { label: "Orders", url: ordersUrl };
  const closing = ["These notices can be switched off with OWNER_NOTICES=off."];
  switch (notice.kind) {
    case "sale":
      return renderEmail(sender, {
        to,
        subject: `New sale: ${formatAmount(notice.totalCents)} from ${notice.buyerEmail}`,
        paragraphs: [`${notice.buyerEmail} bought from ${sender.brand}.`],
        rows: [
          { label: "Order", value: `#${notice.orderId.slice(0, 8)}` },
          ...notice.lines.map((l) => ({
            label: l.title,
            value: l.amountCents === null ? "Included" : formatAmount(l.amountCents),
          })),
          { label: "Total", value: formatAmount(notice.totalCents) },
          ...paidByRows(notice.totalCents, notice.voucherCents ?? 0),
        ],
        action: { label: "Find the order", url: `${ordersUrl}?q=${encodeURIComponent(notice.orderId.slice(0, 8))}` },
        after: closing,
      });
    case "refund":
      return renderEmail(sender, {
        to,
        subject: `Refund made: ${formatAmount(notice.amountCents)} to ${notice.buyerEmail}`,
        paragraphs: [`${formatAmount(notice.amountCents)} went back to ${notice.buyerEmail}.`],
        rows: [
          { label: "Order", value: `#${notice.orderId.slice(0, 8)}` },
          ...notice.titles.map((title) => ({ label: title, value: "Refunded" })),
        ],
        action: { label: "Find the order", url: `${ordersUrl}?q=${encodeURIComponent(notice.orderId.slice(0, 8))}` },
        after: closing,
      });
    case "member":
      return renderEmail(sender, {
        to,
        subject: `New member: ${notice.buyerEmail}`,
        paragraphs: [`${notice.buyerEmail} joined Digital Access.`],
        action,
        after: closing,
      });
  }
}
