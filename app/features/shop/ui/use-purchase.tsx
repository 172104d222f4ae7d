import { lazy, Suspense, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { showToast } from "~/components/ui/toast";
import { readErrorBody } from "~/lib/app-error";
import type { CartProduct } from "../cart-store";
import { isFree, shopMessages } from "../model";
import { startDownload } from "./start-download";

// The dialog (with its checks and the consent wording) is fetched when a purchase starts, not with
// every page that has a buy button or the header's cart.
const PurchaseDialog = lazy(() => import("./purchase-dialog").then((m) => ({ default: m.PurchaseDialog })));

/**
 * The buy action of cards, the detail panel and the cart: signed out → 'Login Required' and /auth;
 * a free product → claimed (a £0.00 purchase) and downloaded; otherwise the purchase dialog.
 */
export function usePurchase({ signedIn, checkoutHosts }: { signedIn: boolean; checkoutHosts: string[] }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [products, setProducts] = useState<CartProduct[] | null>(null);
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  // What had the focus when the purchase started (the buy button; the cart's Checkout), for the dialog
  // to give it back.
  const opener = useRef<HTMLElement | null>(null);
  const noteOpener = () => {
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  };

  function requireSignIn(): boolean {
    if (signedIn) return true;
    showToast({ ...shopMessages.loginRequired, variant: "destructive" });
    navigate(`/auth?redirectTo=${encodeURIComponent(window.location.pathname)}`);
    return false;
  }

  async function claimFree(product: CartProduct) {
    try {
      const res = await fetch("/claim-free", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ productId: product.id }),
      });
      if (!res.ok) {
        const refusal = await readErrorBody(res, shopMessages.downloadFailed);
        return showToast({ title: refusal.title, description: refusal.description, variant: "destructive" });
      }
      const body = (await res.json().catch(() => ({}))) as { downloadUrl?: string | null };
      if (!body.downloadUrl) return showToast({ ...shopMessages.noFile, variant: "destructive" });
      await startDownload(body.downloadUrl);
      revalidator.revalidate();
    } catch {
      showToast({ ...shopMessages.downloadFailed, variant: "destructive" });
    }
  }

  function buy(product: CartProduct) {
    if (!requireSignIn()) return;
    if (isFree({ id: product.id, priceCents: product.price_cents })) void claimFree(product);
    else {
      noteOpener();
      setDiscountCode(null);
      setProducts([product]);
    }
  }

  /** The cart's checkout, with the discount code applied there (if any), which the dialog checks again. */
  function checkout(list: CartProduct[], code: string | null = null) {
    if (!requireSignIn()) return;
    if (list.length === 0) return;
    noteOpener();
    setDiscountCode(code);
    setProducts(list);
  }

  const dialog = products ? (
    <Suspense fallback={null}>
      <PurchaseDialog
        open
        products={products}
        checkoutHosts={checkoutHosts}
        initialCode={discountCode}
        returnFocusTo={opener}
        onProductsChange={setProducts}
        onOpenChange={(open) => {
          if (!open) setProducts(null);
        }}
      />
    </Suspense>
  ) : null;

  return { buy, checkout, requireSignIn, dialog };
}
