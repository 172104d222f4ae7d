import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";

/** What happened to a membership that the member is told about. */
export type MembershipNotice =
  | { kind: "cancelled"; accessUntil: Date | null }
  | { kind: "resumed"; renewsOn: Date | null }
  | { kind: "renewed"; amountCents: number | null; renewsOn: Date | null }
  | { kind: "payment_failed"; amountCents: number | null };

const until = (date: Date | null) => (date ? formatLongDate(date) : "the end of the month you have paid for");

/** The member's notice of a change to their Digital Access membership. */
export function membershipEmail(
  sender: Sender,
  to: { email: string; name: string },
  notice: MembershipNotice,
  accountUrl: string,
): MailMessage {
  const hello = `Hello ${to.name},`;
  const action = { label: "My Sacred Downloads", url: accountUrl };
  switch (notice.kind) {
    case "cancelled":
      return renderEmail(sender, {
        to: to.email,
        subject: `Your ${sender.brand} membership is cancelled`,
        paragraphs: [
          hello,
          `Your Digital Access membership is cancelled and will not renew. You keep your access, and every digital guide stays free to download, until ${until(notice.accessUntil)}.`,
        ],
        rows: [{ label: "Access until", value: until(notice.accessUntil) }],
        action,
        after: ["Changed your mind? Until then you can resume your membership from My Sacred Downloads."],
      });
    case "resumed":
      return renderEmail(sender, {
        to: to.email,
        subject: `Your ${sender.brand} membership is resumed`,
        paragraphs: [
          hello,
          `Your Digital Access membership is resumed and will renew${notice.renewsOn ? ` on ${formatLongDate(notice.renewsOn)}` : " at the end of the month"}.`,
        ],
        action,
      });
    case "renewed":
      return renderEmail(sender, {
        to: to.email,
        subject: `Your ${sender.brand} membership is renewed`,
        paragraphs: [hello, "Thank you: your Digital Access membership is renewed for another month."],
        rows: [
          ...(notice.amountCents === null ? [] : [{ label: "Paid", value: formatAmount(notice.amountCents) }]),
          ...(notice.renewsOn ? [{ label: "Next renewal", value: formatLongDate(notice.renewsOn) }] : []),
        ],
        action,
        after: ["To cancel, open My Sacred Downloads and choose 'Manage membership'."],
      });
    case "payment_failed":
      return renderEmail(sender, {
        to: to.email,
        subject: `Your ${sender.brand} membership payment did not go through`,
        paragraphs: [
          hello,
          `We could not take your monthly Digital Access payment${notice.amountCents === null ? "" : ` of ${formatAmount(notice.amountCents)}`}. Your card will be tried again over the next few days; to keep your membership, please check or update your card under 'Manage membership' in My Sacred Downloads.`,
        ],
        action,
      });
  }
}
