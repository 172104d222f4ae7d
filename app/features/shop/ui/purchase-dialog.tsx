import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import { readErrorBody } from "~/lib/app-error";
import { focusIfShown } from "~/lib/focus-if-shown";
import { formatAmount, formatPrice } from "~/lib/format-price";
import { type CartProduct, type CurrentProduct, refreshLines } from "../cart-store";
import { isAllowedCheckoutUrl, productsLookValid } from "../checkout-schemas";
import { CONSENT_WORDING, isPlan, paymentInnerMessages, shopMessages, subscriptionInnerMessages } from "../model";
import { subscriptionKeyFacts } from "../subscription-terms";
import { useCart } from "./cart-provider";
import { type AppliedDiscount, DiscountCodeField, reductionLabel } from "./discount-code-field";

export type PurchaseDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What is being bought; the price shown is the sum, each product once. */
  products: CartProduct[];
  /** Hosts the provider's checkout may be on (spec §5 Payment URL). */
  checkoutHosts: string[];
  /** The products with the prices checkout now charges, after it refused a price the buyer had not seen. */
  onProductsChange(products: CartProduct[]): void;
  /** A discount code applied in the cart, checked again here for these products. */
  initialCode?: string | null | undefined;
  /** The button that started the purchase, given the focus back on closing (it has no Dialog.Trigger). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
};

/**
 * Spec §4 purchase dialog: idle → 'Processing...' → the provider's checkout in this same tab (a tab
 * opened after a server round trip is blocked by some browsers); a failure returns to idle with a toast.
 */
export function PurchaseDialog({
  open,
  onOpenChange,
  products,
  checkoutHosts,
  onProductsChange,
  initialCode,
  returnFocusTo,
}: PurchaseDialogProps) {
  const cart = useCart();
  const [processing, setProcessing] = useState(false);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [discountError, setDiscountError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const isSubscription = products.length === 1 && products[0] !== undefined && isPlan(products[0]);
  const listTotal = products.reduce((sum, p) => sum + p.price_cents, 0);
  // The server's preview of the code; checkout prices it again, and what it charges is what the provider shows.
  const total = discount && discount.subtotalCents === listTotal ? discount.totalCents : listTotal;
  const price = formatPrice(total);
  const errorToast = isSubscription ? shopMessages.subscriptionError : shopMessages.paymentError;
  const inner = isSubscription ? subscriptionInnerMessages : paymentInnerMessages;

  async function pay() {
    const payload = products.map((p) => ({
      id: p.id,
      title: p.title,
      price_cents: p.price_cents,
      product_type: p.product_type,
      quantity: 1 as const,
    }));
    if (!productsLookValid(payload)) {
      showToast({ ...shopMessages.securityError, variant: "destructive" });
      return;
    }
    setProcessing(true);
    try {
      const res = await fetch("/checkout", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ products: payload, consent, discountCode: discount?.code }),
      });
      if (!res.ok) {
        const refusal = await readErrorBody(res, { title: errorToast.title, description: inner.failed });
        if (refusal.code === "discount_refused") {
          setDiscount(null);
          setDiscountError(refusal.description);
        }
        // The price changed since the page was drawn: show the new one here and in the cart.
        if (refusal.code === "price_changed") await showCurrentPrices();
        throw new CheckoutFailure(refusal.title, refusal.description);
      }
      const body = (await res.json().catch(() => ({}))) as { url?: string };
      if (!body.url) throw new CheckoutFailure(errorToast.title, inner.noUrl);
      if (!isAllowedCheckoutUrl(body.url, checkoutHosts, window.location.origin)) {
        throw new CheckoutFailure(errorToast.title, inner.invalidUrl);
      }
      window.location.assign(body.url);
      onOpenChange(false);
    } catch (error) {
      const failure =
        error instanceof CheckoutFailure ? error : new CheckoutFailure(errorToast.title, errorToast.description);
      showToast({ title: failure.title, description: failure.message, variant: "destructive" });
      setProcessing(false);
    }
  }

  async function showCurrentPrices() {
    const ids = encodeURIComponent(products.map((p) => p.id).join(","));
    const res = await fetch(`/shop-state?ids=${ids}`, { credentials: "same-origin" });
    if (!res.ok) return;
    const { products: current } = (await res.json()) as { products: CurrentProduct[] };
    onProductsChange(
      refreshLines(
        products.map((p) => ({ ...p, quantity: 1 })),
        current,
      ).cart,
    );
    const inCart = refreshLines(cart.items, current);
    if (inCart.repriced.length > 0) cart.replace(inCart.cart);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!processing) onOpenChange(next);
        if (!next) setConsent(false);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-plum-900/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusIfShown(returnFocusTo?.current);
          }}
        >
          <Dialog.Title className="font-serif text-2xl text-plum-900">
            {isSubscription ? "Subscribe to Digital Access" : "Complete Your Purchase"}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            {isSubscription
              ? `A monthly subscription: ${price} per month, cancel any time.`
              : "A one-time payment. Your downloads appear in My Sacred Downloads straight after."}
          </Dialog.Description>
          <ul className="mt-4 divide-y divide-plum-100 rounded-xl border border-plum-100">
            {products.map((p) => (
              <li key={p.id} className="flex justify-between gap-4 px-4 py-3 text-sm">
                <span className="font-medium text-plum-900">{p.title}</span>
                <span className="shrink-0">
                  {formatPrice(p.price_cents)}
                  {isSubscription ? " / month" : ""}
                </span>
              </li>
            ))}
            {discount && !isSubscription ? (
              <li className="flex justify-between gap-4 px-4 py-3 text-sm text-green-900">
                <span>{reductionLabel(discount)}</span>
                <span className="shrink-0">−{formatAmount(discount.discountCents)}</span>
              </li>
            ) : null}
            {discount && !isSubscription ? (
              <li className="flex justify-between gap-4 px-4 py-3 text-sm font-semibold text-plum-900">
                <span>Total</span>
                <span className="shrink-0" data-testid="dialog-total">
                  {formatAmount(total)}
                </span>
              </li>
            ) : null}
          </ul>
          {isSubscription ? (
            <section
              aria-labelledby={`${consentId}-facts`}
              className="mt-4 rounded-xl border-2 border-plum-300 p-4"
              data-testid="subscription-key-facts"
            >
              <h3 id={`${consentId}-facts`} className="font-sans text-base font-semibold text-plum-900">
                Before you subscribe
              </h3>
              <dl className="mt-2 space-y-2 text-sm">
                {subscriptionKeyFacts(total).map((fact) => (
                  <div key={fact.label}>
                    <dt className="inline font-semibold text-plum-900">{fact.label}: </dt>
                    <dd className="inline">{fact.text}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : (
            <div className="mt-4">
              <DiscountCodeField
                productIds={products.map((p) => p.id)}
                applied={discount}
                initialCode={initialCode}
                disabled={processing}
                error={discountError}
                onChange={(next) => {
                  setDiscount(next);
                  setDiscountError(null);
                }}
              />
            </div>
          )}
          <div className="mt-4 flex gap-3 rounded-xl bg-plum-50 p-4">
            <input
              id={consentId}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-plum-700"
              checked={consent}
              disabled={processing}
              onChange={(e) => setConsent(e.target.checked)}
            />
            <label htmlFor={consentId} className="text-sm text-plum-900">
              {CONSENT_WORDING}
            </label>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <button type="button" className={buttonClass("secondary")} disabled={processing}>
                Cancel
              </button>
            </Dialog.Close>
            <button type="button" className={buttonClass("primary")} disabled={processing || !consent} onClick={pay}>
              {processing
                ? "Processing..."
                : isSubscription
                  ? `Subscribe for ${price}`
                  : // A voucher or code that pays it all: nothing to pay, so no 'Pay FREE'.
                    total === 0
                    ? "Place order"
                    : `Pay ${price}`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

class CheckoutFailure extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}
