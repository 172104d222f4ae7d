import { describe, expect, it } from "vitest";
import { clientAddress } from "./app";

describe("clientAddress", () => {
  const headers = new Headers({ "x-forwarded-for": "6.6.6.6, 10.0.0.1" });

  it("ignores X-Forwarded-For unless a proxy is trusted", () => {
    expect(clientAddress(headers, false, () => "192.0.2.1")).toBe("192.0.2.1");
  });

  it("behind a trusted proxy takes the entry the proxy appended, not what the client sent", () => {
    expect(clientAddress(headers, true, () => "127.0.0.1")).toBe("10.0.0.1");
  });

  it("falls back when there is no socket", () => {
    expect(
      clientAddress(new Headers(), false, () => {
        throw new Error("no socket");
      }),
    ).toBe("unknown");
  });
});
