import { describe, expect, it } from "vitest";
import { decideFulfilment, type FulfilmentFacts } from "./decide-fulfilment";
import type { ProductType } from "./model";

const live = (productType: "digital_guide" | "video_course" | "subscription" = "digital_guide") => ({
  productType,
  archivedAt: null,
});
const catalogue: FulfilmentFacts["products"] = new Map<string, { productType: ProductType; archivedAt: Date | null }>([
  ["guide", live()],
  ["course", live("video_course")],
  ["subscription", live("subscription")],
  ["old", { productType: "digital_guide" as const, archivedAt: new Date("2026-11-01") }],
]);
const facts = (overrides: Partial<FulfilmentFacts> = {}): FulfilmentFacts => ({
  owned: new Set(),
  member: false,
  products: catalogue,
  ...overrides,
});
const lines = [
  { productId: "guide", title: "Guide", unitAmountCents: 1299 },
  { productId: "course", title: "Course", unitAmountCents: 4999 },
];
const cart = { productIds: ["guide", "course"], lines, totalCents: 6298 };

describe("decideFulfilment", () => {
  it("gives everything paid for when nothing changed since the checkout opened", () => {
    expect(decideFulfilment(cart, facts())).toEqual({ grant: ["guide", "course"], grantedCents: 6298, refunds: [] });
  });

  it("refunds a line bought meanwhile through another checkout, and gives the rest", () => {
    expect(decideFulfilment(cart, facts({ owned: new Set(["guide"]) }))).toEqual({
      grant: ["course"],
      grantedCents: 4999,
      refunds: [{ reason: "already_owned", productIds: ["guide"], amountCents: 1299 }],
    });
  });

  it("refunds a guide that a membership begun meanwhile includes", () => {
    expect(decideFulfilment(cart, facts({ member: true })).refunds).toEqual([
      { reason: "already_owned", productIds: ["guide"], amountCents: 1299 },
    ]);
  });

  it("refunds what the owner withdrew or deleted, the whole payment when nothing is left", () => {
    const withdrawn = {
      productIds: ["old"],
      lines: [{ productId: "old", title: "Old", unitAmountCents: 500 }],
      totalCents: 500,
    };
    expect(decideFulfilment(withdrawn, facts())).toEqual({
      grant: [],
      grantedCents: 0,
      refunds: [{ reason: "unavailable", productIds: ["old"], amountCents: 500 }],
    });
    const deleted = {
      ...withdrawn,
      productIds: ["gone"],
      lines: [{ productId: "gone", title: "Gone", unitAmountCents: 500 }],
    };
    expect(decideFulfilment(deleted, facts()).refunds[0]?.reason).toBe("unavailable");
  });

  it("keeps the reasons apart when both apply", () => {
    const mixed = {
      productIds: ["guide", "old", "course"],
      lines: [...lines, { productId: "old", title: "Old", unitAmountCents: 500 }],
      totalCents: 6798,
    };
    expect(decideFulfilment(mixed, facts({ owned: new Set(["guide"]) }))).toEqual({
      grant: ["course"],
      grantedCents: 4999,
      refunds: [
        { reason: "already_owned", productIds: ["guide"], amountCents: 1299 },
        { reason: "unavailable", productIds: ["old"], amountCents: 500 },
      ],
    });
  });

  it("refunds the whole payment when the lines as charged are unknown", () => {
    expect(decideFulfilment({ ...cart, lines: null }, facts({ owned: new Set(["guide"]) }))).toEqual({
      grant: [],
      grantedCents: 0,
      refunds: [{ reason: "already_owned", productIds: ["guide", "course"], amountCents: 6298 }],
    });
  });

  it("refunds a second Digital Access for someone who is already a member", () => {
    const plan = { productIds: ["subscription"], lines: null, totalCents: 999 };
    expect(decideFulfilment(plan, facts())).toEqual({ grant: ["subscription"], grantedCents: 999, refunds: [] });
    expect(decideFulfilment(plan, facts({ member: true })).refunds).toEqual([
      { reason: "already_owned", productIds: ["subscription"], amountCents: 999 },
    ]);
  });
});
