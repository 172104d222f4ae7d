import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";

export function verificationEmail(sender: Sender, to: string, name: string, url: string): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Confirm your e-mail for ${sender.brand}`,
    paragraphs: [
      `Hello ${name},`,
      `Thank you for joining ${sender.brand}. Please confirm your e-mail address to activate your account.`,
    ],
    action: { label: "Confirm my e-mail", url },
  });
}

export function passwordResetEmail(sender: Sender, to: string, name: string, url: string): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Reset your ${sender.brand} password`,
    paragraphs: [
      `Hello ${name},`,
      "We received a request to reset your password. The link below works once and expires in one hour.",
    ],
    action: { label: "Choose a new password", url },
    after: ["If you did not ask for this, you can ignore this e-mail: your password stays the same."],
  });
}
