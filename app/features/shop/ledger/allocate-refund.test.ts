import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateRefund, refundableCents } from "./allocate-refund";

describe("allocateRefund", () => {
  it("fills each line up to what it has left, in order", () => {
    const lines = [
      { id: "a", amountCents: 1000, refundedCents: 400 },
      { id: "b", amountCents: 500, refundedCents: 0 },
    ];
    expect(allocateRefund(lines, 800)).toEqual([
      { lineId: "a", amountCents: 600 },
      { lineId: "b", amountCents: 200 },
    ]);
    expect(refundableCents(lines)).toBe(1100);
  });

  it("never allocates more than a line has left, nor more than asked", () => {
    const line = fc.record({ id: fc.uuid(), amountCents: fc.nat(100_000), refundedCents: fc.nat(100_000) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.integer({ min: -10, max: 500_000 }), (raw, cents) => {
        const lines = raw.map((l) => ({ ...l, refundedCents: Math.min(l.refundedCents, l.amountCents) }));
        const allocations = allocateRefund(lines, cents);
        const total = allocations.reduce((sum, a) => sum + a.amountCents, 0);
        expect(total).toBe(Math.min(Math.max(0, cents), refundableCents(lines)));
        for (const a of allocations) {
          const l = lines.find((x) => x.id === a.lineId);
          expect(a.amountCents).toBeGreaterThan(0);
          expect(a.amountCents).toBeLessThanOrEqual((l?.amountCents ?? 0) - (l?.refundedCents ?? 0));
        }
      }),
    );
  });
});
