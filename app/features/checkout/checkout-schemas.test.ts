import { describe, expect, it } from "vitest";
import { checkoutProductSchema, isAllowedCheckoutUrl, productsLookValid } from "./checkout-schemas";

const ok = { id: "guide", title: "Guide", price_cents: 1299, product_type: "digital_guide", quantity: 1 };

describe("the product check before checkout", () => {
  it("accepts a well-formed product", () => {
    expect(checkoutProductSchema.safeParse(ok).success).toBe(true);
  });
  it("refuses long ids and titles, titles changed by sanitising, prices out of range and empty types", () => {
    for (const bad of [
      { ...ok, id: "x".repeat(101) },
      { ...ok, title: "t".repeat(501) },
      { ...ok, title: "<script>" },
      { ...ok, price_cents: -1 },
      { ...ok, price_cents: 1_000_001 },
      { ...ok, product_type: "" },
      { ...ok, quantity: 2 },
    ]) {
      expect(productsLookValid([bad])).toBe(false);
    }
  });
});

describe("the payment URL check", () => {
  const origin = "https://shop.example.org";
  it("accepts the provider's host only", () => {
    expect(isAllowedCheckoutUrl("https://checkout.stripe.com/c/pay/cs_1", ["checkout.stripe.com"], origin)).toBe(true);
    expect(isAllowedCheckoutUrl("https://evil.example/c/pay", ["checkout.stripe.com"], origin)).toBe(false);
    expect(isAllowedCheckoutUrl("http://checkout.stripe.com/x", ["checkout.stripe.com"], origin)).toBe(false);
    expect(isAllowedCheckoutUrl("javascript:alert(1)", ["checkout.stripe.com"], origin)).toBe(false);
    expect(isAllowedCheckoutUrl("/demo-checkout/abc", ["shop.example.org"], origin)).toBe(true);
  });
});
