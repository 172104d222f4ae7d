import { lazy, Suspense, useRef, useState } from "react";
import { CartIcon } from "~/components/ui/cart-icon";
import { useCart } from "./cart-provider";

// The drawer (dialog, prices, checkout) is fetched the first time the cart is opened, not with every page.
const CartDrawer = lazy(() => import("./cart-drawer").then((m) => ({ default: m.CartDrawer })));

/** The header's cart button with its count; it opens the cart drawer. */
export function CartButton() {
  const cart = useCart();
  const [open, setOpen] = useState(false);
  // Once opened, the drawer stays mounted, so it closes with its animation and reopens at once.
  const [used, setUsed] = useState(false);
  const count = cart.items.length;
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="relative inline-flex size-11 items-center justify-center rounded-full text-plum-800 hover:bg-plum-50"
        aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <CartIcon className="size-6" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 flex size-5 items-center justify-center rounded-full bg-gold-500 text-xs font-bold text-plum-900"
          >
            {count}
          </span>
        ) : null}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
