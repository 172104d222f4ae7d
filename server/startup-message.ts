import path from "node:path";
import type { Env } from "~/lib/env.server";

/**
 * What a person starting the server needs to know, in plain words (issue 23): the one address of the
 * site (PUBLIC_URL, the address every e-mailed link uses: signing up on another, such as
 * http://127.0.0.1:3000 for http://localhost:3000, makes the confirmation look like another browser's),
 * where e-mails go, and how to become the first admin. The JSON log follows it.
 */
export function startupMessage(env: Pick<Env, "PUBLIC_URL" | "SMTP_URL" | "DATA_DIR" | "ADMIN_EMAILS">): string {
  const folder = path.join(env.DATA_DIR, "outbox");
  const relative = path.relative(process.cwd(), folder);
  const outbox = relative.startsWith("..") ? folder : relative;
  const mail = env.SMTP_URL
    ? `sent through ${new URL(env.SMTP_URL).host}`
    : `not sent: written to ${outbox}/ (no SMTP_URL). Read them, links included, with: npm run cli -- outbox`;
  const admin =
    env.ADMIN_EMAILS.length > 0
      ? `${env.ADMIN_EMAILS.join(", ")} become admin when they confirm their address (ADMIN_EMAILS).`
      : "sign up on the site, confirm the e-mail, then run: npm run cli -- admin add you@example.com";
  return [
    "",
    `  Sacred Healing is running at ${env.PUBLIC_URL}`,
    "",
    `  Open the site at:  ${env.PUBLIC_URL}  (the address e-mailed links use: sign up and confirm on this one)`,
    `  E-mails:           ${mail}`,
    `  First admin:       ${admin}`,
    "  Stop:              Ctrl+C",
    "",
  ].join("\n");
}
