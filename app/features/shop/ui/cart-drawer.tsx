import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useToastsClearOf } from "~/components/ui/toast";
import { focusIfShown } from "~/lib/focus-if-shown";
import { formatAmount, formatPrice } from "~/lib/format-price";
import { amountToPay, type CurrentProduct, refreshLines } from "../cart-store";

type RepricedLine = ReturnType<typeof refreshLines>["repriced"][number];

import { buttonClass } from "~/components/ui/button";
import type { ShopState } from "../get-shop-state.server";
import { includedInMembership } from "../model";
import { typeBadge } from "../product-labels";
import { useCart } from "./cart-provider";
import { type AppliedDiscount, DiscountCodeField, reductionLabel } from "./discount-code-field";
import { usePurchase } from "./use-purchase";

/** The cart: each product once with its price, remove, and one checkout for the whole cart. */
export function CartDrawer({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The cart button that opened it: Radix gives the focus back only to its own Dialog.Trigger. */
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  const cart = useCart();
  const setOpen = onOpenChange;
  const state = useFetcher<ShopState & { products: CurrentProduct[] }>();
  const { load } = state;
  const ids = cart.items.map((item) => item.id).join(",");
  const asked = useRef<ReadonlySet<string>>(new Set());
  // Asked once each time the drawer opens (not when the refresh below changes the lines).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids are read when it opens
  useEffect(() => {
    if (!open) return;
    asked.current = new Set(ids.split(",").filter(Boolean));
    void load(`/shop-state?ids=${encodeURIComponent(ids)}`);
  }, [open, load]);
  const shop = state.data;
  // The price shown is the price charged: lines take the catalogue's current prices.
  const [repriced, setRepriced] = useState<RepricedLine[]>([]);
  const { items, replace } = cart;
  useEffect(() => {
    if (!shop?.products) return;
    // Only the lines the catalogue was asked about: one added since (drawer closed) is not dropped.
    const refreshed = refreshLines(items, shop.products, asked.current);
    if (refreshed.changed) replace(refreshed.cart);
    if (refreshed.repriced.length > 0) setRepriced(refreshed.repriced);
    // The lines it replaces bring it back once, with nothing left to change.
  }, [shop, items, replace]);
  const owned = new Set(shop?.owned ?? []);
  const included = new Set(
    cart.items.filter((i) => includedInMembership(i.product_type, shop?.member ?? false)).map((i) => i.id),
  );
  // What checkout will charge: neither what the buyer owns nor what membership includes.
  const notCharged = new Set([...owned, ...included]);
  const toPay = amountToPay(cart.items, notCharged);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const charged = cart.items.filter((i) => !notCharged.has(i.id));
  // The server's preview for exactly these lines; any other set of lines shows the undiscounted sum.
  const discounted = discount && discount.subtotalCents === toPay ? discount : null;
  const purchase = usePurchase({ signedIn: shop?.signedIn ?? false, checkoutHosts: shop?.checkoutHosts ?? [] });
  const count = cart.items.length;
  // While the drawer is open, toasts show where they cannot cover its total or Checkout button.
  useToastsClearOf(open);

  return (
    <>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-plum-900/50" />
          <Dialog.Content
            className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-cream p-6 shadow-xl"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              focusIfShown(returnFocusTo.current);
            }}
          >
            <div className="flex items-center justify-between">
              <Dialog.Title className="font-serif text-2xl text-plum-900">Your Cart</Dialog.Title>
              <Dialog.Close className={buttonClass("quiet", "px-3")} aria-label="Close cart">
                ✕
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">Products in your cart</Dialog.Description>
            {count === 0 ? (
              <p className="mt-8 text-muted">Your cart is empty.</p>
            ) : (
              <ul className="mt-6 flex-1 divide-y divide-plum-100 overflow-y-auto">
                {cart.items.map((item) => (
                  <li key={item.id} className="flex items-center gap-3 py-4" data-testid="cart-line">
                    {item.image_url ? (
                      <img
                        src={item.image_url}
                        alt=""
                        width={80}
                        height={42}
                        className="h-[42px] w-20 shrink-0 rounded object-cover"
                      />
                    ) : (
                      <div className="h-[42px] w-20 shrink-0 rounded bg-plum-100" aria-hidden="true" />
                    )}
                    <div className="min-w-0 flex-1">
                      <Link
                        to={`/product/${item.id}`}
                        className="font-medium text-plum-900 underline-offset-2 hover:underline"
                        onClick={() => setOpen(false)}
                      >
                        {item.title}
                      </Link>
                      {item.product_type ? (
                        <p className="text-xs text-muted" data-testid="cart-line-type">
                          {typeBadge(item.product_type)}
                        </p>
                      ) : null}
                      {repriced.some((r) => r.id === item.id) ? (
                        <p className="text-xs font-semibold text-plum-800">
                          Price updated from {formatPrice(repriced.find((r) => r.id === item.id)?.from ?? 0)}
                        </p>
                      ) : null}
                      <p className="text-sm text-muted">
                        {formatPrice(item.price_cents)}
                        {notCharged.has(item.id) ? (
                          <span className="ml-2 rounded-full bg-plum-100 px-2 py-0.5 text-xs text-plum-800">
                            {owned.has(item.id)
                              ? "Already yours: not charged"
                              : "Included in your membership: not charged"}
                          </span>
                        ) : null}
                      </p>
                    </div>
                    <button
                      type="button"
                      className={buttonClass("quiet", "px-3 text-sm")}
                      onClick={() => cart.remove(item.id)}
                      aria-label={`Remove ${item.title}`}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {count > 0 ? (
              <div className="mt-4 border-t border-plum-100 pt-4">
                {toPay > 0 && state.data ? (
                  <div className="mb-3">
                    <DiscountCodeField
                      productIds={charged.map((i) => i.id)}
                      applied={discount}
                      initialCode={discount?.code}
                      onChange={setDiscount}
                    />
                  </div>
                ) : null}
                {discounted ? (
                  <p className="flex justify-between text-sm text-green-900">
                    <span>{reductionLabel(discounted)}</span>
                    <span data-testid="cart-discount">−{formatAmount(discounted.discountCents)}</span>
                  </p>
                ) : null}
                <p className="flex justify-between font-semibold text-plum-900">
                  <span>To pay</span>
                  <span data-testid="cart-total">{formatAmount(discounted ? discounted.totalCents : toPay)}</span>
                </p>
                <p className="mt-1 text-xs text-muted">Digital products are bought once; each is charged once.</p>
                <button
                  type="button"
                  className={buttonClass("quiet", "mt-2 px-3 text-sm")}
                  onClick={() => cart.clear()}
                >
                  Clear cart
                </button>
                <button
                  type="button"
                  className={buttonClass("primary", "mt-4 w-full")}
                  disabled={toPay === 0 || state.state === "loading"}
                  onClick={() => {
                    setOpen(false);
                    purchase.checkout(charged, discount?.code ?? null);
                  }}
                >
                  Checkout
                </button>
              </div>
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {purchase.dialog}
    </>
  );
}
