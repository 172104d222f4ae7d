import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices } from "../../../tests/support/test-services";
import { checkLimit, clearAttempts, recordAttempt, releaseAttempt, reserveAttempt } from "./attempt-limiter.server";

let t: Awaited<ReturnType<typeof createTestServices>>;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.cleanup());

const minutes = (n: number) => n * 60_000;

describe("the attempt limiter", () => {
  it("limits after max attempts and frees the bucket when the oldest counted attempt leaves the window", async () => {
    const db = t.services.database.db;
    const limit = { bucket: "test:a", max: 5, windowMs: minutes(15) };
    const start = new Date("2026-11-22T10:00:00Z");
    for (let i = 0; i < 4; i++) {
      await recordAttempt(db, limit, new Date(start.getTime() + minutes(i)));
    }
    expect(await checkLimit(db, limit, new Date(start.getTime() + minutes(4)))).toEqual({ limited: false });
    await recordAttempt(db, limit, new Date(start.getTime() + minutes(4)));
    expect(await checkLimit(db, limit, new Date(start.getTime() + minutes(5)))).toEqual({
      limited: true,
      retryAfterSeconds: 10 * 60,
    });
    // 15 minutes after the first attempt, only four remain in the window.
    expect(await checkLimit(db, limit, new Date(start.getTime() + minutes(15) + 1))).toEqual({ limited: false });
  });

  it("keeps buckets apart and can clear one", async () => {
    const db = t.services.database.db;
    const a = { bucket: "test:b", max: 1, windowMs: minutes(15) };
    const b = { bucket: "test:c", max: 1, windowMs: minutes(15) };
    await recordAttempt(db, a);
    expect((await checkLimit(db, a)).limited).toBe(true);
    expect((await checkLimit(db, b)).limited).toBe(false);
    await clearAttempts(db, a.bucket);
    expect((await checkLimit(db, a)).limited).toBe(false);
  });

  it("reserves atomically: of forty attempts at once, exactly max get through, and a released one frees its place", async () => {
    const db = t.services.database.db;
    const pair = { bucket: "test:race-pair", max: 5, windowMs: minutes(15) };
    const wide = { bucket: "test:race-wide", max: 50, windowMs: minutes(15) };
    const results = await Promise.all(Array.from({ length: 40 }, () => reserveAttempt(db, [wide, pair])));
    const granted = results.filter((r) => r.ok);
    expect(granted).toHaveLength(5);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.retryAfterSeconds > 14 * 60)).toBe(true);
    // Refused attempts are not counted anywhere: the wide bucket holds the five that went through.
    expect(await checkLimit(db, { ...wide, max: 6 })).toEqual({ limited: false });
    expect(await checkLimit(db, { ...wide, max: 5 })).toMatchObject({ limited: true });
    const first = granted[0];
    if (!first?.ok) throw new Error("unreachable");
    await releaseAttempt(db, first.reservation);
    expect((await reserveAttempt(db, [wide, pair])).ok).toBe(true);
    expect((await reserveAttempt(db, [wide, pair])).ok).toBe(false);
  });
});
