import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";

/**
 * The reminder before a Digital Access renewal (DMCC Act 2024; decision 050): when it renews, what it
 * will cost, and the way out in one click, before anything else.
 */
export function renewalReminderEmail(
  sender: Sender,
  to: { email: string; name: string },
  reminder: { renewsAt: Date; monthlyCents: number; leaveUrl: string; accountUrl: string },
): MailMessage {
  return renderEmail(sender, {
    to: to.email,
    subject: `Your ${sender.brand} membership renews on ${formatLongDate(reminder.renewsAt)}`,
    paragraphs: [
      `Hello ${to.name},`,
      `A reminder: your Digital Access membership renews on ${formatLongDate(reminder.renewsAt)}, and then each month, at ${formatAmount(reminder.monthlyCents)} a month, until you cancel.`,
      "Nothing to do if you want to keep it. To end it, use the button below: one click on the page it opens, no sign-in needed. Your access lasts to the end of the month you have paid for, and you are not charged again.",
    ],
    rows: [
      { label: "Renews on", value: formatLongDate(reminder.renewsAt) },
      { label: "Price", value: `${formatAmount(reminder.monthlyCents)} a month` },
    ],
    action: { label: "End my membership", url: reminder.leaveUrl },
    after: [`You can also manage it in My Sacred Downloads: ${reminder.accountUrl}`],
  });
}
