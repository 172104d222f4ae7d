import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addItem,
  amountToPay,
  type CartItem,
  type CartProduct,
  clearCart,
  parseStoredCart,
  refreshLines,
  removeItem,
  totalItems,
  totalPrice,
  updateQuantity,
} from "./cart-store";

const guide: CartProduct = { id: "guide", title: "Guide", price_cents: 1299, product_type: "digital_guide" };
const course: CartProduct = { id: "course", title: "Course", price_cents: 4999, product_type: "video_course" };

describe("the cart", () => {
  it("adds a new item with quantity 1 and raises the quantity of one already there", () => {
    let cart = addItem([], guide);
    expect(cart).toEqual([{ ...guide, quantity: 1 }]);
    cart = addItem(cart, guide);
    expect(cart).toEqual([{ ...guide, quantity: 2 }]);
    cart = addItem(cart, course);
    expect(cart.map((l) => [l.id, l.quantity])).toEqual([
      ["guide", 2],
      ["course", 1],
    ]);
  });

  it("removes a line", () => {
    const cart = addItem(addItem([], guide), course);
    expect(removeItem(cart, "guide").map((l) => l.id)).toEqual(["course"]);
  });

  it("removes the line when the quantity is set to 0 or below, otherwise replaces it", () => {
    const cart = addItem([], guide);
    expect(updateQuantity(cart, "guide", 0)).toEqual([]);
    expect(updateQuantity(cart, "guide", -3)).toEqual([]);
    expect(updateQuantity(cart, "guide", 5)[0]?.quantity).toBe(5);
  });

  it("clears", () => {
    expect(clearCart()).toEqual([]);
  });

  it("totals items and price as sums over quantities", () => {
    const cart = updateQuantity(addItem(addItem([], guide), course), "guide", 3);
    expect(totalItems(cart)).toBe(4);
    expect(totalPrice(cart)).toBe(3 * 1299 + 4999);
  });

  it("charges each distinct product once and leaves out what is owned", () => {
    const cart = updateQuantity(addItem(addItem([], guide), course), "guide", 3);
    expect(amountToPay(cart, new Set())).toBe(1299 + 4999);
    expect(amountToPay(cart, new Set(["course"]))).toBe(1299);
  });

  it("keeps totals consistent for any sequence of operations", () => {
    const products = [guide, course, { ...guide, id: "third", price_cents: 0 }];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("add", "remove", "set"), fc.nat(2), fc.integer({ min: -2, max: 5 }))),
        (ops) => {
          let cart = clearCart();
          for (const [op, index, quantity] of ops) {
            const product = products[index] as CartProduct;
            if (op === "add") cart = addItem(cart, product);
            else if (op === "remove") cart = removeItem(cart, product.id);
            else cart = updateQuantity(cart, product.id, quantity);
          }
          expect(new Set(cart.map((l) => l.id)).size).toBe(cart.length);
          expect(cart.every((l) => l.quantity > 0)).toBe(true);
          expect(totalItems(cart)).toBe(cart.reduce((s, l) => s + l.quantity, 0));
        },
      ),
    );
  });

  it("restores an empty cart from nothing or from rubbish", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("not json")).toEqual([]);
    expect(parseStoredCart('{"id":1}')).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ ...guide, quantity: 2 }, { id: 3 }]))).toEqual([
      { ...guide, quantity: 2 },
    ]);
  });

  it("takes the catalogue's current prices and titles, drops what is gone, and says what changed", () => {
    const cart = addItem(addItem([], guide), course);
    const { cart: next, repriced } = refreshLines(cart, [
      { ...guide, title: "Guide (2nd edition)", price_cents: 1499, for_sale: true },
    ]);
    expect(next).toEqual([{ ...guide, title: "Guide (2nd edition)", price_cents: 1499, quantity: 1 }]);
    expect(repriced).toEqual([{ id: "guide", title: "Guide (2nd edition)", from: 1299, to: 1499 }]);
    expect(refreshLines(cart, [{ ...course, for_sale: false }]).cart).toEqual([]);
  });

  it("says a line changed when it gains the cover and type an older stored cart lacked, and not when nothing changed", () => {
    const old = parseStoredCart(JSON.stringify([{ id: "guide", title: "Guide", price_cents: 1299, quantity: 1 }]));
    const current = { ...guide, image_url: "/media/guide.webp", for_sale: true };
    const refreshed = refreshLines(old, [current]);
    expect(refreshed.changed).toBe(true);
    expect(refreshed.cart).toEqual([{ ...guide, image_url: "/media/guide.webp", quantity: 1 }]);
    expect(refreshLines(refreshed.cart, [current]).changed).toBe(false);
    expect(refreshLines(refreshed.cart, []).changed).toBe(true);
  });

  it("keeps a line added after the catalogue was asked, instead of dropping it as unknown", () => {
    const cart: CartItem[] = [
      { ...guide, quantity: 1 },
      { ...course, quantity: 1 },
    ];
    const refreshed = refreshLines(cart, [{ ...guide, for_sale: true }], new Set(["guide"]));
    expect(refreshed.cart.map((line) => line.id)).toEqual(["guide", "course"]);
    expect(refreshed.changed).toBe(false);
  });
});
