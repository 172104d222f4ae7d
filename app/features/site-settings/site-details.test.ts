import { describe, expect, it } from "vitest";
import { ukZoneName } from "./site-details";

describe("ukZoneName", () => {
  it("changes on the hour the clocks change", () => {
    // 2026: BST from 01:00 UTC on 29 March to 01:00 UTC on 25 October.
    const asked = [
      ["2026-03-29T00:59:59Z", "GMT"],
      ["2026-03-29T01:00:00Z", "BST"],
      ["2026-03-29T00:00:00Z", "GMT"],
      ["2026-10-25T00:59:59Z", "BST"],
      ["2026-10-25T00:30:00Z", "BST"],
      ["2026-10-25T01:00:00Z", "GMT"],
      ["2026-11-26T12:00:00Z", "GMT"],
      ["2026-07-01T12:00:00Z", "BST"],
    ] as const;
    for (const [at, name] of asked) expect(ukZoneName(new Date(at)), at).toBe(name);
  });
});
