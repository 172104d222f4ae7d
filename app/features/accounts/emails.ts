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
    after: [
      "If you did not sign up, you can ignore this e-mail. If you open the link anyway, you will be asked to choose your own password: nobody else's is kept.",
    ],
  });
}

export function passwordResetEmail(sender: Sender, to: string, name: string, url: string): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Reset your ${sender.brand} password`,
    paragraphs: [
      `Hello ${name},`,
      "We received a request to reset your password. The link below works once and expires in one hour; using it, or any newer link, ends every earlier one.",
    ],
    action: { label: "Choose a new password", url },
    after: ["If you did not ask for this, you can ignore this e-mail: your password stays the same."],
  });
}

/** Sent to the account's address whenever its password is set through a reset link. */
export function passwordChangedEmail(sender: Sender, to: string, name: string, resetUrl: string): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Your ${sender.brand} password was changed`,
    paragraphs: [
      `Hello ${name},`,
      `The password of your ${sender.brand} account was just changed, and every device that was signed in has been signed out.`,
      "If this was you, there is nothing more to do.",
      `If it was not you, ask for a new reset link straight away and reply to this e-mail or write to ${sender.email}.`,
    ],
    action: { label: "Reset my password", url: resetUrl },
  });
}
