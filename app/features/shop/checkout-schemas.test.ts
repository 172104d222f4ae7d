import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { isAllowedCheckoutUrl, parseCheckoutRequest, productsLookValid } from "./checkout-schemas";
import { checkoutProductSchema } from "./schemas";

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

describe("the checkout request", () => {
  const refusal = (body: unknown) => {
    try {
      parseCheckoutRequest(body);
    } catch (error) {
      return error instanceof AppError ? { code: error.code, title: error.title, message: error.message } : error;
    }
    return null;
  };
  it("reads the products and the consent", () => {
    expect(parseCheckoutRequest({ products: [ok], consent: true })).toEqual({ products: [ok], consent: true });
  });
  it("asks for the consent first, then refuses anything that is not a list of 1 to 50 products", () => {
    expect(refusal({ products: [ok] })).toEqual({
      code: "invalid_request",
      title: "Payment Error",
      message: "Please confirm you want immediate access to the digital content.",
    });
    for (const body of [null, "x", { products: [], consent: true }, { products: Array(51).fill(ok), consent: true }]) {
      expect(refusal(body)).toMatchObject({ code: "invalid_request", message: "Invalid checkout request" });
    }
  });
  it("gives the spec's Security Error for a product that fails the check", () => {
    expect(refusal({ products: [{ ...ok, title: "<script>" }], consent: true })).toEqual({
      code: "security_error",
      title: "Security Error",
      message: "Invalid product data detected",
    });
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
    // The demo page on this site, reached by another name than PUBLIC_URL (127.0.0.1 for localhost).
    expect(isAllowedCheckoutUrl("/demo-checkout/abc", ["localhost:3000"], "http://127.0.0.1:3000")).toBe(true);
    expect(isAllowedCheckoutUrl("//evil.example/demo-checkout/abc", ["localhost:3000"], "http://127.0.0.1:3000")).toBe(
      false,
    );
  });
});
