import { site } from "~/content/site";
import { formatAmount } from "~/lib/format-price";
import type { MailMessage } from "~/lib/mail/mailer.server";
import type { PaidCheckout } from "./payment-provider.server";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function receiptEmail(
  to: { email: string; name: string },
  checkout: PaidCheckout,
  publicUrl: string,
): MailMessage {
  const url = `${publicUrl}/my-purchases`;
  const lines = [
    `Hello ${to.name},`,
    `Thank you for your purchase from ${site.brand}. Total paid: ${formatAmount(checkout.totalCents)}.`,
    checkout.mode === "subscription"
      ? "Your Digital Access membership is active: every digital guide is yours to download while it lasts."
      : "Your downloads are ready in your account, and they stay there for you to download again.",
  ];
  const text = [...lines, "", `My Sacred Downloads: ${url}`, "", "With warmth,", site.brand].join("\n");
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Georgia,serif;background:#fbf8f3;color:#2a2330;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:16px;padding:32px;border:1px solid #ede4f4">
<h1 style="color:#432554;font-size:24px;margin-top:0">${escapeHtml(site.brand)}</h1>
${lines.map((l) => `<p style="line-height:1.6">${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#56306f;color:#fff;padding:12px 24px;border-radius:999px;text-decoration:none">My Sacred Downloads</a></p>
</div></body></html>`;
  return { to: to.email, subject: `Your ${site.brand} receipt`, text, html };
}
