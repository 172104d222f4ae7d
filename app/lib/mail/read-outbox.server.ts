import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";

export type OutboxEntry = { file: string; date: Date | null; to: string; subject: string; links: string[] };

/**
 * The newest messages the outbox mailer wrote (DATA_DIR/outbox), newest first, decoded: the .eml
 * files are quoted-printable, so a link copied from them is broken; these are the links as sent.
 */
export async function readOutbox(outboxDir: string, { count = 5, to }: { count?: number; to?: string } = {}) {
  const files = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  const entries: OutboxEntry[] = [];
  for (const file of files) {
    if (entries.length >= count) break;
    const parsed = await simpleParser(await readFile(path.join(outboxDir, file)));
    const address = (Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.value[0]?.address ?? "";
    if (to && address.toLowerCase() !== to.toLowerCase()) continue;
    entries.push({
      file: path.join(outboxDir, file),
      date: parsed.date ?? null,
      to: address,
      subject: parsed.subject ?? "",
      links: [...new Set(parsed.text?.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
    });
  }
  return entries;
}

/** The entries as the CLI prints them. */
export function formatOutbox(entries: OutboxEntry[], outboxDir: string): string {
  if (entries.length === 0) return `No messages in ${outboxDir}.`;
  return entries
    .map((e) =>
      [
        `${e.date ? e.date.toISOString().replace("T", " ").slice(0, 16) : "?"} UTC  to ${e.to}`,
        `  ${e.subject}`,
        ...e.links.map((link) => `  ${link}`),
        `  (${e.file})`,
      ].join("\n"),
    )
    .join("\n\n");
}
