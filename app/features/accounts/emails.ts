import { site } from "~/content/site";
import type { MailMessage } from "~/lib/mail/mailer.server";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(to: string, subject: string, lines: string[], action: { label: string; url: string }): MailMessage {
  const text = [...lines, "", `${action.label}: ${action.url}`, "", `With warmth,`, site.brand].join("\n");
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Georgia,serif;background:#fbf8f3;color:#2a2330;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:16px;padding:32px;border:1px solid #ede4f4">
<h1 style="color:#432554;font-size:24px;margin-top:0">${escapeHtml(site.brand)}</h1>
${lines.map((line) => `<p style="line-height:1.6">${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#56306f;color:#fff;padding:12px 24px;border-radius:999px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5c5363">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>
</div></body></html>`;
  return { to, subject, text, html };
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return layout(
    to,
    `Confirm your e-mail for ${site.brand}`,
    [
      `Hello ${name},`,
      `Thank you for joining ${site.brand}. Please confirm your e-mail address to activate your account.`,
    ],
    { label: "Confirm my e-mail", url },
  );
}

export function passwordResetEmail(to: string, name: string, url: string): MailMessage {
  return layout(
    to,
    `Reset your ${site.brand} password`,
    [
      `Hello ${name},`,
      "We received a request to reset your password. The link below works once and expires in one hour.",
      "If you did not ask for this, you can ignore this e-mail: your password stays the same.",
    ],
    { label: "Choose a new password", url },
  );
}
