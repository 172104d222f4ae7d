import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";

/** The link to her data: a page behind sign-in, never the data itself in an e-mail. */
export function dataExportReadyEmail(
  sender: Sender,
  to: string,
  name: string,
  url: string,
  until: string,
): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Your ${sender.brand} data is ready to download`,
    paragraphs: [
      `Hello ${name},`,
      `The copy of your data you asked for is ready. Sign in and download it from the link below until ${until}; after that it is deleted, and you can ask for a new one from your account page at any time.`,
    ],
    action: { label: "Download my data", url },
    after: ["If you did not ask for this, please change your password and write to us."],
  });
}

/** Sent to the address the account had, once it is closed; nothing of hers is kept to send more. */
export function accountClosedEmail(sender: Sender, to: string, name: string, outcomes: readonly string[]): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Your ${sender.brand} account is closed`,
    paragraphs: [
      `Hello ${name},`,
      `Your ${sender.brand} account is closed and your personal details have been erased.`,
      ...outcomes,
      "We keep the record of your orders, refunds and sessions for 6 years, as UK tax law requires, without your name or e-mail address. You are welcome to sign up again at any time with the same address: you would start afresh.",
    ],
  });
}

export function complaintReceivedEmail(
  sender: Sender,
  to: string,
  name: string,
  reference: string,
  answerBy: string,
): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `We received your data-protection complaint (${reference})`,
    paragraphs: [
      `Hello ${name},`,
      `Thank you for telling us. This e-mail acknowledges your data-protection complaint, reference ${reference}. We will look into it and answer you by ${answerBy} at the latest.`,
      "If you are not satisfied with our answer, you can complain to the Information Commissioner's Office (ICO): ico.org.uk, telephone 0303 123 1113.",
    ],
  });
}

/** To the owner: a complaint has a legal clock. */
export function complaintOwnerNoticeEmail(sender: Sender, answerBy: string, url: string): MailMessage {
  return renderEmail(sender, {
    to: sender.email,
    subject: "A data-protection complaint was received",
    paragraphs: [
      `A data-protection complaint was made through the website. It has been acknowledged; please answer it by ${answerBy}.`,
    ],
    action: { label: "See complaints", url },
  });
}
