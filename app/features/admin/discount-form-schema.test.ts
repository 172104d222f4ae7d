import { describe, expect, it } from "vitest";
import { type DiscountFormValues, discountFormMessages, parseDiscountForm } from "./discount-form-schema";

const base: DiscountFormValues = {
  code: "",
  kind: "percent",
  amount: "",
  expiresOn: "",
  maxUses: "",
  productIds: [],
  appliesTo: ["products"],
  firstTimeOnly: "",
};
const known = new Set(["moon-ritual-journal"]);
const now = new Date("2026-11-23T12:00:00Z");

describe("parseDiscountForm", () => {
  it("reads pounds as pence, the last day as the UK midnight that ends it (GMT or BST), and keeps codes in capitals", () => {
    const winter = parseDiscountForm(
      { ...base, code: " winter-5 ", kind: "amount", amount: "5.00", expiresOn: "2027-01-31", maxUses: "3" },
      known,
      now,
    );
    expect(winter).toEqual({
      ok: true,
      value: {
        code: "WINTER-5",
        kind: "amount",
        amount: 500,
        expiresAt: new Date("2027-02-01T00:00:00Z"),
        maxUses: 3,
        productIds: null,
        appliesTo: ["products"],
        firstTimeOnly: false,
      },
    });
    const summer = parseDiscountForm(
      { ...base, code: "SUN", amount: "15", expiresOn: "2027-07-31", productIds: ["moon-ritual-journal"] },
      known,
      now,
    );
    expect(summer.ok && summer.value.expiresAt?.toISOString()).toBe("2027-07-31T23:00:00.000Z");
    expect(summer.ok && summer.value.productIds).toEqual(["moon-ritual-journal"]);
  });

  it("limits a code to sessions, packages or products, and to first-time clients", () => {
    const first = parseDiscountForm(
      { ...base, code: "FIRST10", kind: "amount", amount: "10", appliesTo: ["sessions"], firstTimeOnly: "on" },
      known,
      now,
    );
    expect(first.ok && first.value).toMatchObject({ appliesTo: ["sessions"], firstTimeOnly: true, amount: 1000 });
    const odd = parseDiscountForm({ ...base, code: "X", amount: "5", appliesTo: ["sessions", "vouchers"] }, known, now);
    expect(odd.ok ? [] : Object.keys(odd.errors)).toEqual(["appliesTo"]);
    // Nothing ticked is asked about, not taken as products.
    const none = parseDiscountForm({ ...base, code: "NONE", amount: "5", appliesTo: [] }, known, now);
    expect(none.ok ? [] : Object.keys(none.errors)).toEqual(["appliesTo"]);
  });

  it("answers each bad field in the form's words", () => {
    const parsed = parseDiscountForm(
      {
        code: "two words",
        kind: "percent",
        amount: "101",
        expiresOn: "2026-11-22",
        maxUses: "0",
        productIds: ["not-a-product"],
        appliesTo: ["everything"],
        firstTimeOnly: "",
      },
      known,
      now,
    );
    expect(parsed.ok ? [] : Object.keys(parsed.errors).sort()).toEqual([
      "amount",
      "appliesTo",
      "code",
      "expiresOn",
      "maxUses",
      "productIds",
    ]);
    const zero = parseDiscountForm({ ...base, code: "X", kind: "amount", amount: "0.00" }, known, now);
    expect(zero.ok).toBe(false);
    const feb30 = parseDiscountForm({ ...base, code: "X", amount: "5", expiresOn: "2027-02-30" }, known, now);
    expect(feb30.ok ? null : feb30.errors.expiresOn).toBe("Choose a date that has not passed, or leave it empty.");
  });

  it("refuses a decimal comma and more off than any price", () => {
    const amount = (typed: string) => {
      const parsed = parseDiscountForm({ ...base, code: "OFF", kind: "amount", amount: typed }, known, now);
      return parsed.ok ? parsed.value.amount : parsed.errors.amount;
    };
    expect(amount("5,50")).toBe(discountFormMessages.amount);
    expect(amount("5.50")).toBe(550);
    expect(amount("10,000")).toBe(1_000_000);
    expect(amount("10,000.01")).toBe(discountFormMessages.amountTooHigh);
  });
});
