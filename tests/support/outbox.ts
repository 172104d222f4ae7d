import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Decodes the quoted-printable text nodemailer writes, enough to read links and words back. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export type OutboxMessage = { file: string; to: string; subject: string; text: string };

/** Messages the outbox mailer wrote to DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const raw = readFileSync(path.join(dir, file), "utf8");
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(raw)?.[1]?.trim() ?? "";
    return { file, to: header("To"), subject: header("Subject"), text: decodeQuotedPrintable(raw) };
  });
}

/** The first link in the newest message to `to` whose text matches `pattern`. */
export function latestLink(dataDir: string, to: string, pattern: RegExp): string | undefined {
  const messages = readOutbox(dataDir).filter((m) => m.to === to.toLowerCase());
  for (const message of messages.reverse()) {
    const links = message.text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
    const link = links.find((l) => pattern.test(l));
    if (link) return link;
  }
  return undefined;
}
