import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { formatSessionTime } from "~/lib/zoned-time";

/** The practitioner's notice that a client withdrew her health data consent (no health data in it). */
export function consentWithdrawnEmail(
  sender: Sender,
  to: string,
  notice: { client: { name: string; email: string }; at: Date; url: string },
): MailMessage {
  const who = notice.client.email ? `${notice.client.name} (${notice.client.email})` : notice.client.name;
  return renderEmail(sender, {
    to,
    subject: `Health data consent withdrawn: ${notice.client.name}`,
    paragraphs: [
      `${who} withdrew their consent to you holding their health answers on ${formatSessionTime(notice.at)}.`,
      "Their intake answers have been erased from the website. If you keep any of their health information elsewhere (paper notes, e-mails), erase it too unless you have another lawful reason to keep it.",
      "They will be asked the health questions again before their next booking.",
    ],
    action: { label: "Open the client's record", url: notice.url },
  });
}
