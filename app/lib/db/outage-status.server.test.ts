import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.server";
import { outageStatus } from "./outage-status.server";

/** A database handle whose ping answers, fails, or never answers (a stalled server). */
const database = (ping: () => Promise<void>) => ({ ping }) as unknown as DatabaseHandle;
const answering = database(async () => {});
const refusing = database(async () => {
  throw new Error("connect ECONNREFUSED");
});
const stalled = database(() => new Promise<void>(() => {}));

describe("outageStatus", () => {
  it("makes a server error 503 with Retry-After when the database does not answer", async () => {
    for (const away of [refusing, stalled]) {
      const headers = new Headers();
      expect(await outageStatus(500, away, headers)).toBe(503);
      expect(headers.get("retry-after")).toBe("30");
      expect(headers.get("cache-control")).toBe("no-store");
    }
  });

  it("leaves a server error as it is when the database answers, and never asks for a good page", async () => {
    const headers = new Headers();
    expect(await outageStatus(500, answering, headers)).toBe(500);
    expect(headers.get("retry-after")).toBeNull();
    let asked = false;
    const watched = database(async () => {
      asked = true;
    });
    for (const status of [200, 302, 404]) expect(await outageStatus(status, watched, new Headers())).toBe(status);
    expect(asked).toBe(false);
  });
});
