import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type ParsedMail, simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import type { MailMessage } from "~/lib/mail/mailer.server";

const run = promisify(execFile);
const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")),
  "build/dist/vnu.jar",
);

export type HtmlProblem = { file: string; type: string; message: string };

/**
 * Checks e-mail HTML with the Nu HTML Checker (vnu-jar, on Debian's Java), all documents in one run:
 * answers every error and warning, each with the name it was given.
 */
export async function checkHtml(documents: Record<string, string>): Promise<HtmlProblem[]> {
  const names = Object.keys(documents);
  if (names.length === 0) return [];
  const dir = await mkdtemp(path.join(os.tmpdir(), "vnu-"));
  try {
    const files = await Promise.all(
      names.map(async (name, i) => {
        const file = path.join(dir, `${i}.html`);
        await writeFile(file, documents[name] as string);
        return file;
      }),
    );
    let output: string;
    try {
      output = (
        await run("java", ["-jar", vnuJar, "--format", "json", "--also-check-css", ...files], { maxBuffer: 1 << 24 })
      ).stderr;
    } catch (error) {
      // vnu exits 1 when it finds problems; the report is still on stderr.
      output = (error as { stderr?: string }).stderr ?? "";
      if (!output.startsWith("{")) throw error;
    }
    const report = JSON.parse(output) as {
      messages: { url?: string; type: string; subType?: string; message: string }[];
    };
    return report.messages.map((m) => {
      const index = Number(/(\d+)\.html$/.exec(m.url ?? "")?.[1]);
      return { file: names[index] ?? m.url ?? "?", type: m.subType ?? m.type, message: m.message };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A message as the mailer sends it (MIME, as nodemailer writes it), parsed back with mailparser. */
export async function parseMessage(message: MailMessage): Promise<ParsedMail> {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await builder.sendMail({ from: "Sacred Healing <hello@example.com>", ...message });
  return simpleParser(info.message as Buffer);
}

/** Every message in DATA_DIR/outbox, oldest first, parsed with mailparser. */
export async function parseOutbox(dataDir: string): Promise<(ParsedMail & { file: string; toAddress: string })[]> {
  const dir = path.join(dataDir, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      return Object.assign(parsed, { file, toAddress: to?.value[0]?.address?.toLowerCase() ?? "" });
    }),
  );
}
