import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "env-test-"));

describe("parseEnv", () => {
  it("works with no configuration at all, generating and keeping an auth secret", () => {
    const dir = tempDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(env.AUTH_SECRET);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(env.AUTH_SECRET);
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT /],
    [{ PUBLIC_URL: "not a url" }, /^Invalid configuration: PUBLIC_URL /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ DATABASE_URL: "postgres://localhost/db" }, /^Invalid configuration: AUTH_SECRET is required with DATABASE_URL/],
    [{ LOG_LEVEL: "loud" }, /^Invalid configuration: LOG_LEVEL /],
    [{ AUTH_SECRET: "short" }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters/],
    [{ STRIPE_SECRET_KEY: "sk_test_x" }, /^Invalid configuration: STRIPE_WEBHOOK_SECRET is required/],
    [{ ADMIN_EMAILS: "a@example.com, not-an-email" }, /^Invalid configuration: ADMIN_EMAILS /],
    [{ SMTP_URL: "http://mail" }, /^Invalid configuration: SMTP_URL must be an smtp/],
    [{ HEALTH_DATA_KEY: "not-32-bytes" }, /^Invalid configuration: HEALTH_DATA_KEY must be 32 bytes/],
    [{ HEALTH_DATA_OLD_KEYS: `${"a".repeat(64)},short` }, /^Invalid configuration: HEALTH_DATA_OLD_KEYS must each/],
  ])("stops with one line naming the variable for %o", (input, message) => {
    const run = () => parseEnv({ DATA_DIR: tempDir(), ...input });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });

  it("normalises admin e-mails and trims the public URL", () => {
    const env = parseEnv({
      DATA_DIR: tempDir(),
      ADMIN_EMAILS: " Owner@Example.com ,",
      PUBLIC_URL: "https://x.example/",
    });
    expect(env.ADMIN_EMAILS).toEqual(["owner@example.com"]);
    expect(env.PUBLIC_URL).toBe("https://x.example");
  });
});
