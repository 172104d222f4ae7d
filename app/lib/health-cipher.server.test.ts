import { describe, expect, it } from "vitest";
import { healthKeyring, openHealthData, SealedDataError, sealHealthData } from "./health-cipher.server";

const env = (overrides: { HEALTH_DATA_KEY?: string; HEALTH_DATA_OLD_KEYS?: string[] } = {}) => ({
  AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
  HEALTH_DATA_KEY: undefined,
  HEALTH_DATA_OLD_KEYS: [],
  ...overrides,
});
const KEY_A = "a".repeat(64);
const KEY_B = Buffer.alloc(32, 7).toString("base64");

describe("sealing health data", () => {
  it("opens what it sealed, and holds no plain text; each seal has its own IV", () => {
    const ring = healthKeyring(env());
    const one = sealHealthData(ring, "intake:u1", "Pacemaker fitted in 2019");
    const two = sealHealthData(ring, "intake:u1", "Pacemaker fitted in 2019");
    expect(one).not.toBe(two);
    expect(one).not.toContain("Pacemaker");
    expect(Buffer.from(one.split(".")[4] as string, "base64url").toString("latin1")).not.toContain("Pacemaker");
    expect(openHealthData(ring, "intake:u1", one)).toBe("Pacemaker fitted in 2019");
  });

  it("refuses a value moved to another row, or altered by one character", () => {
    const ring = healthKeyring(env());
    const sealed = sealHealthData(ring, "intake:u1", "Epilepsy");
    expect(() => openHealthData(ring, "intake:u2", sealed)).toThrow(SealedDataError);
    const body = sealed.split(".");
    body[4] = `${body[4]?.[0] === "A" ? "B" : "A"}${body[4]?.slice(1)}`;
    expect(() => openHealthData(ring, "intake:u1", body.join("."))).toThrow(SealedDataError);
    expect(() => openHealthData(ring, "intake:u1", "plain text")).toThrow(SealedDataError);
  });

  it("rotates keys: a new key seals, an old one listed in HEALTH_DATA_OLD_KEYS still opens", () => {
    const old = healthKeyring(env({ HEALTH_DATA_KEY: KEY_A }));
    const sealed = sealHealthData(old, "note:c:n", "Grief");
    const rotated = healthKeyring(env({ HEALTH_DATA_KEY: KEY_B, HEALTH_DATA_OLD_KEYS: [KEY_A] }));
    expect(openHealthData(rotated, "note:c:n", sealed)).toBe("Grief");
    expect(sealHealthData(rotated, "note:c:n", "x").split(".")[1]).toBe(rotated.current.id);
    expect(rotated.current.id).not.toBe(old.current.id);
    const forgotten = healthKeyring(env({ HEALTH_DATA_KEY: KEY_B }));
    expect(() => openHealthData(forgotten, "note:c:n", sealed)).toThrow(/No key with id/);
  });

  it("still opens values sealed with the key derived from AUTH_SECRET once HEALTH_DATA_KEY is set", () => {
    const sealed = sealHealthData(healthKeyring(env()), "intake:u1", "Hopes");
    expect(openHealthData(healthKeyring(env({ HEALTH_DATA_KEY: KEY_A })), "intake:u1", sealed)).toBe("Hopes");
  });
});
