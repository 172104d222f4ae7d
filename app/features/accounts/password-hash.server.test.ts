import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordHashQueue, SCRYPT_CONCURRENCY, verifyPassword } from "./password-hash.server";

describe("password hashing", () => {
  it("reads hashes Better Auth wrote, and Better Auth reads ours", async () => {
    const stored = await betterAuthHash("correct horse battery");
    expect(await verifyPassword({ hash: stored, password: "correct horse battery" })).toBe(true);
    expect(await verifyPassword({ hash: stored, password: "correct horse battery!" })).toBe(false);
    const ours = await hashPassword("ｆｕｌｌｗｉｄｔｈ pass");
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    // NFKC: the full-width letters are the same password as the plain ones, as in Better Auth.
    expect(await betterAuthVerify({ hash: ours, password: "fullwidth pass" })).toBe(true);
  });

  it("runs at most SCRYPT_CONCURRENCY hashes at once, and the event loop keeps turning", async () => {
    let maxRunning = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
      maxRunning = Math.max(maxRunning, passwordHashQueue().running);
    }, 5);
    const started = performance.now();
    await Promise.all(Array.from({ length: 8 }, (_, i) => hashPassword(`password-${i}`)));
    clearInterval(timer);
    expect(maxRunning).toBeGreaterThan(0);
    expect(maxRunning).toBeLessThanOrEqual(SCRYPT_CONCURRENCY);
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
    // Off the main thread: the 5 ms timer fired through the hashing, not once at the end.
    expect(ticks).toBeGreaterThan((performance.now() - started) / 5 / 4);
  });

  it("refuses a malformed stored hash", async () => {
    await expect(verifyPassword({ hash: "nonsense", password: "x" })).rejects.toThrow("Invalid password hash");
  });
});
