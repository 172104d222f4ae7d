import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import type { CartProduct } from "../cart-store";
import type { Offer } from "../decide-offer";
import { addedToCart } from "../model";
import { useCart } from "./cart-provider";
import { downloadUrl, startDownload } from "./start-download";
import type { usePurchase } from "./use-purchase";

/** The product page's purchase panel (spec §4), for the offer `decideOffer` made this visitor. */
export function OfferPanel({
  offer,
  price,
  product,
  purchase,
}: {
  offer: Offer;
  /** The formatted price, as the page shows it. */
  price: string;
  product: CartProduct;
  purchase: ReturnType<typeof usePurchase>;
}) {
  const cart = useCart();

  switch (offer.kind) {
    case "sign-in":
      return (
        <>
          <button type="button" className={buttonClass("primary", "w-full")} onClick={() => purchase.requireSignIn()}>
            Login to Purchase - {price}
          </button>
          <p className="text-center text-sm text-muted">
            New here?{" "}
            <button
              type="button"
              className="font-semibold text-plum-700 underline"
              onClick={() => purchase.requireSignIn()}
            >
              Sign up
            </button>
          </p>
        </>
      );
    case "manage-membership":
      return (
        <Link to="/my-purchases" className={buttonClass("secondary", "w-full")}>
          You are a member - Manage membership
        </Link>
      );
    case "subscribe":
      return (
        <button type="button" className={buttonClass("accent", "w-full")} onClick={() => purchase.buy(product)}>
          Subscribe for {price}
        </button>
      );
    case "download":
      return (
        <button
          type="button"
          className={buttonClass("primary", "w-full")}
          disabled={offer.disabled}
          onClick={() => startDownload(downloadUrl(product.id))}
        >
          {offer.label}
        </button>
      );
    case "claim-free":
      return (
        <button
          type="button"
          className={buttonClass("primary", "w-full")}
          disabled={offer.disabled}
          onClick={() => purchase.buy(product)}
        >
          {offer.label}
        </button>
      );
    case "unavailable":
      return (
        <button type="button" className={buttonClass("primary", "w-full")} disabled>
          Available Soon
        </button>
      );
    case "buy":
      return (
        <>
          {/* The longest label of the site: one line from a phone's width up (issue 27). */}
          <button
            type="button"
            className={buttonClass("primary", "w-full px-3 text-[0.8125rem] whitespace-nowrap sm:text-sm")}
            onClick={() => purchase.buy(product)}
          >
            Download Now and Begin Your Inner Healing
          </button>
          <button
            type="button"
            className={buttonClass("secondary", "w-full")}
            onClick={() => {
              cart.add(product);
              showToast(addedToCart(product.title));
            }}
          >
            Add to Sacred Collection
          </button>
        </>
      );
  }
}
