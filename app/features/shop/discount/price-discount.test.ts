import { describe, expect, it } from "vitest";
import { looksLikeCode, MIN_CHARGE_CENTS, normaliseCode, priceDiscount } from "./price-discount";

const line = (productId: string, unitAmountCents: number) => ({ productId, title: productId, unitAmountCents });

describe("priceDiscount", () => {
  it("takes a percentage off each line, rounded half up per line", () => {
    const priced = priceDiscount([line("a", 1299), line("b", 500)], { kind: "percent", amount: 10, productIds: null });
    expect(priced?.lines.map((l) => [l.unitAmountCents, l.discountCents])).toEqual([
      [1169, 130],
      [450, 50],
    ]);
    expect(priced?.discountCents).toBe(180);
    expect(priced?.totalCents).toBe(1619);
  });

  it("shares a fixed amount in proportion, the odd penny to the largest remainder, summing exactly", () => {
    const priced = priceDiscount([line("a", 1000), line("b", 1000), line("c", 1000)], {
      kind: "amount",
      amount: 500,
      productIds: null,
    });
    expect(priced?.lines.map((l) => l.discountCents)).toEqual([167, 167, 166]);
    expect(priced?.discountCents).toBe(500);
    expect(priced?.totalCents).toBe(2500);
  });

  it("applies only to the products it names and says so when it names none of them", () => {
    const rule = { kind: "amount" as const, amount: 300, productIds: ["b"] };
    const priced = priceDiscount([line("a", 1000), line("b", 1000)], rule);
    expect(priced?.lines.map((l) => l.discountCents)).toEqual([0, 300]);
    expect(priceDiscount([line("a", 1000)], rule)).toBeNull();
  });

  it("never takes more than the lines it applies to cost, nor leaves less than Stripe's minimum", () => {
    const fixed = priceDiscount([line("a", 400), line("b", 1000)], { kind: "amount", amount: 5000, productIds: ["a"] });
    expect(fixed?.discountCents).toBe(400);
    expect(fixed?.totalCents).toBe(1000);
    const whole = priceDiscount([line("a", 999)], { kind: "percent", amount: 100, productIds: null });
    expect(whole?.totalCents).toBe(MIN_CHARGE_CENTS);
    expect(whole?.lines[0]?.unitAmountCents).toBe(MIN_CHARGE_CENTS);
  });

  it("matches codes case-insensitively and refuses text that cannot be a code", () => {
    expect(normaliseCode("  spring-10 ")).toBe("SPRING-10");
    expect(looksLikeCode("SPRING-10")).toBe(true);
    expect(looksLikeCode("drop table;")).toBe(false);
    expect(looksLikeCode("x".repeat(33))).toBe(false);
  });
});
