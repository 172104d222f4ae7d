import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "../logger.server";

/** A file sent with a message: text as it is (a session's .ics), or binary given as base64 (`encoding`). */
export type MailAttachment = {
  filename: string;
  content: string;
  contentType: string;
  encoding?: "base64" | undefined;
};
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (a session's .ics), base64-encoded on the wire. */
  attachments?: MailAttachment[] | undefined;
};

const withEncoding = (message: MailMessage) => ({
  ...message,
  attachments: message.attachments?.map((a) => ({ ...a, contentTransferEncoding: "base64" as const })),
});

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when a URL is configured; otherwise every message becomes a .eml file in the outbox folder
 * and one log line with its subject and first link, so sign-up works on a machine with no mail.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  /** A fixed From, or one read at sending time (the business name and e-mail of the site settings). */
  from: string | (() => Promise<string>);
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  const sender = typeof from === "string" ? async () => from : from;
  const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];

  if (smtpUrl) {
    const transport = loadTransport(smtpUrl);
    return {
      async send(message) {
        await (await transport()).sendMail({ from: await sender(), ...withEncoding(message) });
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }

  const builder = loadTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await (await builder()).sendMail({ from: await sender(), ...withEncoding(message) });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-zA-Z0-9]/g, "")}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info(
        { to: message.to, subject: message.subject, link: firstLink(message.text), file },
        "mail written to outbox",
      );
    },
  };
}

/**
 * nodemailer (about 20 MB in memory) is loaded with the first message rather than at start: most of a
 * small server's life sends no mail (decision 027).
 */
function loadTransport(options: string | { streamTransport: true; buffer: true; newline: "unix" }) {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}
