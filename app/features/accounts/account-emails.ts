import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";

/** To the NEW address: only a link opened from it moves the account there. */
export function confirmNewEmailEmail(sender: Sender, to: string, name: string, url: string): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Confirm your new e-mail for ${sender.brand}`,
    paragraphs: [
      `Hello ${name},`,
      `You asked to use this address for your ${sender.brand} account. Please confirm it: until you do, your account keeps its current address. The link works once and expires in 24 hours.`,
    ],
    action: { label: "Confirm my new e-mail", url },
    after: ["If you did not ask for this, you can ignore this e-mail: nothing changes."],
  });
}

/** To the OLD address, once the change is made: she hears of it where she can still be reached. */
export function emailChangedEmail(sender: Sender, to: string, name: string, newEmail: string): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Your ${sender.brand} e-mail address was changed`,
    paragraphs: [
      `Hello ${name},`,
      `The e-mail address of your ${sender.brand} account was just changed to ${newEmail}. We will write to that address from now on.`,
      `If this was not you, reply to this e-mail or write to ${sender.email} straight away.`,
    ],
  });
}

/** After a password change from the account page. */
export function passwordChangedHereEmail(sender: Sender, to: string, name: string): MailMessage {
  return renderEmail(sender, {
    to,
    subject: `Your ${sender.brand} password was changed`,
    paragraphs: [
      `Hello ${name},`,
      `The password of your ${sender.brand} account was just changed from your account page, and every other device that was signed in has been signed out.`,
      `If this was not you, reset your password straight away and write to ${sender.email}.`,
    ],
  });
}
