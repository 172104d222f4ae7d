import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "./mailer.server";

const logger = pino({ level: "silent" });
const message = {
  to: "zoe@example.com",
  subject: "Hello",
  text: "Open https://example.com/x please",
  html: "<p>Hi</p>",
};

describe("the mailer over SMTP", () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let body = "";
        stream.on("data", (chunk: Buffer) => {
          body += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push(body);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers a message with text and HTML parts from the configured sender", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Sacred Healing <hello@example.com>",
      outboxDir: "/nonexistent",
      logger,
    });
    await mailer.send(message);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain("To: zoe@example.com");
    expect(received[0]).toContain("From: Sacred Healing <hello@example.com>");
    expect(received[0]).toContain("text/plain");
    expect(received[0]).toContain("text/html");
  });
});

describe("the mailer without SMTP", () => {
  it("writes a .eml file to the outbox", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    await createMailer({ from: "a@example.com", outboxDir: dir, logger }).send(message);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(dir, files[0] as string), "utf8")).toContain("Subject: Hello");
  });
});
