import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { type CheckoutCandidate, planCheckout } from "./plan-checkout";

const product = (id: string, priceCents: number, productType: CheckoutCandidate["productType"] = "digital_guide") => ({
  id,
  title: id,
  priceCents,
  productType,
  archivedAt: null,
  downloadUrl: productType === "subscription" ? null : `pdfs/${id}.pdf`,
});
const guide = product("guide", 1299);
const course = product("course", 4999, "video_course");
const free = product("free", 0);
const plan = product("subscription", 999, "subscription");
const catalogue = [guide, course, free, plan, { ...product("old", 500), archivedAt: new Date() }];

const unfinished = { ...product("unfinished", 1099), downloadUrl: null };
const plan_ = (ids: string[], facts: { owned?: string[]; member?: boolean; seen?: Record<string, number> } = {}) =>
  planCheckout({
    requestedIds: ids,
    found: [...catalogue, unfinished],
    owned: new Set(facts.owned ?? []),
    member: facts.member ?? false,
    seenPrices: new Map(Object.entries(facts.seen ?? {})),
  });

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, title: error.title, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("planCheckout", () => {
  it("charges each product once, at the database's price, in the buyer's order", () => {
    expect(plan_(["course", "guide", "course"])).toEqual({
      mode: "payment",
      lines: [
        { productId: "course", title: "course", unitAmountCents: 4999 },
        { productId: "guide", title: "guide", unitAmountCents: 1299 },
      ],
      totalCents: 6298,
    });
  });

  it("leaves out what the buyer owns and the guides a membership includes", () => {
    expect(plan_(["course", "guide"], { owned: ["course"] }).totalCents).toBe(1299);
    expect(plan_(["course", "guide"], { member: true }).lines.map((l) => l.productId)).toEqual(["course"]);
  });

  it("refuses products that are gone or archived", () => {
    for (const ids of [["nope"], ["old"], ["guide", "old"]]) {
      expect(refusal(() => plan_(ids))).toEqual({
        code: "invalid_request",
        title: "Payment Error",
        message: "A product in your cart is no longer available",
      });
    }
  });

  it("sells the plan on its own, and never to a member", () => {
    expect(plan_(["subscription"])).toMatchObject({ mode: "subscription", totalCents: 999 });
    expect(refusal(() => plan_(["subscription", "guide"]))).toMatchObject({
      title: "Subscription Error",
      message: "Digital Access is bought on its own",
    });
    expect(refusal(() => plan_(["subscription"], { member: true }))).toMatchObject({
      code: "conflict",
      message: "You already have Digital Access",
    });
  });

  it("refuses a checkout that would charge nothing, saying why", () => {
    expect(refusal(() => plan_(["course"], { owned: ["course"] }))).toMatchObject({
      code: "conflict",
      message: "You already own these products",
    });
    expect(refusal(() => plan_(["guide"], { member: true }))).toMatchObject({
      code: "conflict",
      message: "Your Digital Access membership already includes these guides: download them free",
    });
    expect(refusal(() => plan_(["free"]))).toMatchObject({
      code: "invalid_request",
      message: "These products are free: use Download Free on each product",
    });
  });

  it("never sells a paid product that has no file to give", () => {
    expect(refusal(() => plan_(["guide", "unfinished"]))).toEqual({
      code: "invalid_request",
      title: "Payment Error",
      message: "unfinished is not available to buy yet: its file is still being prepared.",
    });
  });

  it("refuses when the buyer saw another price than it would charge, naming the new one", () => {
    expect(plan_(["guide", "course"], { seen: { guide: 1299, course: 4999 } }).totalCents).toBe(6298);
    expect(refusal(() => plan_(["guide", "course"], { seen: { guide: 999, course: 4999 } }))).toEqual({
      code: "price_changed",
      title: "Payment Error",
      message: "The price of guide has changed to £12.99. Please check your order and try again.",
    });
    // A line that is not charged (already owned) is not compared.
    expect(plan_(["guide", "course"], { owned: ["guide"], seen: { guide: 1, course: 4999 } }).totalCents).toBe(4999);
  });
});
