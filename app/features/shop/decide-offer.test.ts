import { describe, expect, it } from "vitest";
import { type AccessFacts, decideAccess } from "./decide-access";
import { decideOffer, isEntitled, type OfferProduct } from "./decide-offer";

const guide: OfferProduct = { id: "guide", product_type: "digital_guide", price_cents: 1299, has_download: true };
const course: OfferProduct = { id: "course", product_type: "video_course", price_cents: 4999, has_download: true };
const freeCourse: OfferProduct = { id: "free", product_type: "video_course", price_cents: 0, has_download: true };
const plan: OfferProduct = { id: "subscription", product_type: "subscription", price_cents: 999, has_download: false };

/** The offer as the product page computes it: access from the facts, then the panel. */
function offerFor(product: OfferProduct, overrides: Partial<AccessFacts> = {}) {
  const facts: AccessFacts = { signedIn: true, owned: new Set(), member: false, ...overrides };
  const access = decideAccess(
    { id: product.id, productType: product.product_type as never, priceCents: product.price_cents },
    facts,
  );
  return { offer: decideOffer(product, access, facts.member), entitled: isEntitled(product, access) };
}

describe("the product page's offer (spec §4)", () => {
  it("asks a visitor to sign in, for products and the plan alike", () => {
    expect(offerFor(guide, { signedIn: false }).offer).toEqual({ kind: "sign-in" });
    expect(offerFor(plan, { signedIn: false }).offer).toEqual({ kind: "sign-in" });
  });

  it("offers to buy what a signed-in customer neither owns nor gets with a membership", () => {
    expect(offerFor(guide)).toEqual({ offer: { kind: "buy" }, entitled: false });
    expect(offerFor(course, { member: true })).toEqual({ offer: { kind: "buy" }, entitled: false });
  });

  it("offers the download of what is bought, disabled when the product has no file", () => {
    expect(offerFor(course, { owned: new Set(["course"]) })).toEqual({
      offer: { kind: "download", label: "Purchased - Download Available", disabled: false },
      entitled: true,
    });
    expect(offerFor({ ...course, has_download: false }, { owned: new Set(["course"]) }).offer).toMatchObject({
      disabled: true,
    });
  });

  it("says 'Member Benefits - Free Download' on a guide for a member, and a purchase wins over it", () => {
    expect(offerFor(guide, { member: true }).offer).toEqual({
      kind: "download",
      label: "Member Benefits - Free Download",
      disabled: false,
    });
    expect(offerFor(guide, { member: true, owned: new Set(["guide"]) }).offer).toMatchObject({
      label: "Purchased - Download Available",
    });
  });

  it("claims a free product with the spec's label", () => {
    expect(offerFor(freeCourse).offer).toEqual({ kind: "claim-free", label: "Access Free", disabled: false });
    expect(offerFor({ ...freeCourse, product_type: "digital_guide" }).offer).toMatchObject({ label: "Download Free" });
  });

  it("offers the plan to non-members and its management to members; the plan itself holds nothing to open", () => {
    expect(offerFor(plan)).toEqual({ offer: { kind: "subscribe" }, entitled: false });
    expect(offerFor(plan, { member: true })).toEqual({ offer: { kind: "manage-membership" }, entitled: false });
    // A past month's payment is a paid purchase of the plan, but a lapsed member subscribes again.
    expect(offerFor(plan, { owned: new Set(["subscription"]) }).offer).toEqual({ kind: "subscribe" });
  });

  it("does not sell a paid product whose file is not ready, but still lets its buyers see it", () => {
    const unfinished = { ...guide, has_download: false };
    expect(offerFor(unfinished)).toEqual({ offer: { kind: "unavailable" }, entitled: false });
    // Nor asks a visitor to sign in to buy it, as the catalogue's 'Available Soon' card does not.
    expect(offerFor(unfinished, { signedIn: false }).offer).toEqual({ kind: "unavailable" });
    expect(offerFor(unfinished, { owned: new Set(["guide"]) }).offer).toMatchObject({
      kind: "download",
      disabled: true,
    });
  });
});
