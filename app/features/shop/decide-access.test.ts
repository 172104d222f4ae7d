import { describe, expect, it } from "vitest";
import { type AccessFacts, decideAccess } from "./decide-access";

const guide = { id: "guide", productType: "digital_guide" as const, priceCents: 1299 };
const course = { id: "course", productType: "video_course" as const, priceCents: 4999 };
const freeGuide = { id: "free", productType: "digital_guide" as const, priceCents: 0 };
const plan = { id: "subscription", productType: "subscription" as const, priceCents: 0 };

const facts = (overrides: Partial<AccessFacts> = {}): AccessFacts => ({
  signedIn: true,
  owned: new Set(),
  member: false,
  ...overrides,
});

describe("decideAccess", () => {
  it("asks a visitor to sign in, whatever the product", () => {
    for (const product of [guide, course, freeGuide]) {
      expect(decideAccess(product, facts({ signedIn: false, owned: new Set([product.id]), member: true }))).toEqual({
        allowed: false,
        reason: "not_signed_in",
      });
    }
  });

  it("lets a buyer download what a paid purchase includes", () => {
    expect(decideAccess(course, facts({ owned: new Set(["course"]) }))).toEqual({ allowed: true, grant: "purchase" });
  });

  it("gives free products to anyone signed in, but never the plan, even at £0.00", () => {
    expect(decideAccess(freeGuide, facts())).toEqual({ allowed: true, grant: "free" });
    expect(decideAccess(plan, facts())).toEqual({ allowed: false, reason: "purchase_required" });
  });

  it("lets a member download guides, not courses", () => {
    expect(decideAccess(guide, facts({ member: true }))).toEqual({ allowed: true, grant: "membership" });
    expect(decideAccess(course, facts({ member: true }))).toEqual({ allowed: false, reason: "purchase_required" });
  });

  it("refuses a customer who has neither bought nor joined", () => {
    expect(decideAccess(guide, facts())).toEqual({ allowed: false, reason: "purchase_required" });
  });

  it("keeps a withdrawn product with those who already had it, and gives it to nobody new", () => {
    const archivedAt = new Date("2026-11-01");
    const withdrawnFree = { ...freeGuide, archivedAt };
    const withdrawnGuide = { ...guide, archivedAt };
    expect(decideAccess(withdrawnFree, facts())).toEqual({ allowed: false, reason: "purchase_required" });
    expect(decideAccess(withdrawnGuide, facts({ member: true }))).toEqual({
      allowed: false,
      reason: "purchase_required",
    });
    expect(decideAccess(withdrawnGuide, facts({ owned: new Set(["guide"]) }))).toEqual({
      allowed: true,
      grant: "purchase",
    });
    const before = new Set(["free", "guide"]);
    expect(decideAccess(withdrawnFree, facts({ downloadedBeforeArchive: before }))).toEqual({
      allowed: true,
      grant: "free",
    });
    expect(decideAccess(withdrawnGuide, facts({ member: true, downloadedBeforeArchive: before }))).toEqual({
      allowed: true,
      grant: "membership",
    });
    // Having downloaded it as a member does not outlast the membership.
    expect(decideAccess(withdrawnGuide, facts({ downloadedBeforeArchive: before }))).toEqual({
      allowed: false,
      reason: "purchase_required",
    });
  });
});
