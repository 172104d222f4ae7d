import { describe, expect, it } from "vitest";
import { startupMessage } from "./startup-message";

const base = {
  PUBLIC_URL: "http://localhost:3000",
  SMTP_URL: undefined,
  DATA_DIR: `${process.cwd()}/data`,
  ADMIN_EMAILS: [],
};

describe("the start-up message", () => {
  it("names the site's one address, the outbox and how to become the first admin", () => {
    const text = startupMessage(base);
    expect(text).toContain("http://localhost:3000");
    expect(text).not.toContain("127.0.0.1");
    expect(text).toContain("data/outbox/");
    expect(text).toContain("npm run cli -- outbox");
    expect(text).toContain("npm run cli -- admin add");
    expect(() => JSON.parse(text)).toThrow();
  });

  it("names the SMTP host without its password, and the addresses ADMIN_EMAILS makes admin", () => {
    const text = startupMessage({
      ...base,
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      ADMIN_EMAILS: ["owner@example.com"],
    });
    expect(text).toContain("sent through mail.example.com:465");
    expect(text).not.toContain("secret");
    expect(text).toContain("owner@example.com become admin");
  });
});
