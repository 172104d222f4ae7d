import type { MailMessage } from "./mailer.server";

/** Who an e-mail is from, as its footer shows it (with the trader's address when it is known). */
export type Sender = { brand: string; email: string; address?: string | undefined };

export type EmailContent = {
  to: string;
  subject: string;
  /** Paragraphs of plain text; each becomes a paragraph of the HTML part and of the text part. */
  paragraphs: string[];
  /** Label and value rows (an order's items, a total), shown as a table and as aligned text. */
  rows?: { label: string; value: string }[];
  /** Labelled links (a download per item, say), each address written out and wrapped on a phone. */
  links?: { label: string; url: string }[];
  /** The one thing to do, as a button (and its address written out, for clients without buttons). */
  action?: { label: string; url: string } | undefined;
  /** Paragraphs after the button. */
  after?: string[];
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The one layout of every e-mail: valid HTML with a title, readable on a phone (long addresses wrap),
 * a plain-text part that reads well on its own, and the shop's name and contact in the footer.
 */
export function renderEmail(sender: Sender, content: EmailContent): MailMessage {
  const { paragraphs, rows = [], links = [], action, after = [] } = content;
  const width = Math.max(0, ...rows.map((row) => row.label.length));
  const text = [
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(rows.length ? [...rows.map((row) => `${row.label.padEnd(width)}  ${row.value}`), ""] : []),
    ...links.flatMap((link) => [`${link.label}:`, link.url, ""]),
    ...(action ? [`${action.label}:`, action.url, ""] : []),
    ...after.flatMap((p) => [p, ""]),
    "With warmth,",
    sender.brand,
    "",
    "--",
    [sender.brand, sender.address, sender.email].filter(Boolean).join(" · "),
  ].join("\n");

  const paragraph = (p: string) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p)}</p>`;
  const table = rows.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${rows
        .map(
          (row) =>
            `<tr><td style="padding:6px 0;border-bottom:1px solid #ede4f4">${escapeHtml(row.label)}</td><td style="padding:6px 0 6px 12px;border-bottom:1px solid #ede4f4;text-align:right;${row.value.length <= 16 ? "white-space:nowrap" : "overflow-wrap:anywhere"}">${escapeHtml(row.value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const linkList = links.length
    ? `<ul style="margin:0 0 16px;padding:0 0 0 20px">${links
        .map(
          (link) =>
            `<li style="margin:0 0 8px;line-height:1.6"><a href="${escapeHtml(link.url)}" style="color:#56306f;overflow-wrap:anywhere">${escapeHtml(link.label)}</a></li>`,
        )
        .join("")}</ul>`
    : "";
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#56306f;color:#ffffff;padding:12px 24px;border-radius:999px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5c5363">If the button does not work, copy this address into your browser:<br><span style="overflow-wrap:anywhere;word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:16px;font-family:Georgia,serif;background:#fbf8f3;color:#2a2330">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:24px;border:1px solid #ede4f4">
<h1 style="color:#432554;font-size:24px;margin:0 0 16px">${escapeHtml(sender.brand)}</h1>
${paragraphs.map(paragraph).join("\n")}
${table}
${linkList}
${button}
${after.map(paragraph).join("\n")}
<p style="margin:24px 0 0;line-height:1.6">With warmth,<br>${escapeHtml(sender.brand)}</p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#5c5363;text-align:center">${escapeHtml(sender.brand)}${sender.address ? ` · ${escapeHtml(sender.address)}` : ""} · <a href="mailto:${escapeHtml(sender.email)}" style="color:#5c5363">${escapeHtml(sender.email)}</a></p>
</body>
</html>`;
  return { to: content.to, subject: content.subject, text, html };
}
