import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CartIcon } from "~/components/ui/cart-icon";
import { formatPrice } from "~/lib/format-price";
import { includedInMembership, isForSale } from "../model";
import { buyLabel, categories } from "../product-labels";
import type { ProductView } from "../product-view";
import { CoverImage } from "./cover-image";
import { ProductBadges } from "./product-badges";

/** What the minutes mean for this kind of product: a guide is read, a recording listened to. */
function durationLabel(product: ProductView): string {
  const minutes = product.duration_minutes;
  if (!minutes) return "";
  if (product.product_type === "digital_guide") return `${minutes} min read`;
  if (product.product_type === "audio") return `${minutes} min listen`;
  if (product.product_type === "video_course") return `${minutes} min of video`;
  return `${minutes} min`;
}

/** A product in the library: every field of spec §2 and its buy and add-to-cart buttons. */
export function ProductCard({
  product,
  owned,
  member = false,
  onBuy,
  onAddToCart,
  onDownload,
}: {
  product: ProductView;
  owned: boolean;
  /** A Digital Access member downloads guides free (spec §4), so they are not offered for sale. */
  member?: boolean;
  onBuy(): void;
  onAddToCart(): void;
  onDownload(): void;
}) {
  const forSale = isForSale({ id: product.id, priceCents: product.price_cents, hasFile: product.has_download });
  const included = includedInMembership(product.product_type, member);
  return (
    <Card
      as="article"
      padded={false}
      className="flex flex-col overflow-hidden"
      aria-labelledby={`product-${product.id}`}
    >
      <div className="relative aspect-[1200/630] bg-plum-100">
        {product.image_url ? <CoverImage src={product.image_url} lazy className="size-full object-cover" /> : null}
        <ProductBadges product={product} onImage className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={`product-${product.id}`} className="text-xl">
          {product.title}
        </h3>
        <p className="mt-2 text-sm text-muted">{product.short_description}</p>
        <div className="mt-3 flex flex-wrap gap-1.5">
          {categories(product.category).map((c) => (
            <span key={c} className="rounded-full bg-plum-50 px-2.5 py-0.5 text-xs text-plum-700">
              {c}
            </span>
          ))}
        </div>
        <div className="mt-4 flex items-center justify-between text-sm">
          <span className="text-muted">{durationLabel(product)}</span>
          <span className="font-serif text-2xl text-plum-900" data-testid="price">
            {formatPrice(product.price_cents)}
          </span>
        </div>
        <div className="mt-auto grid gap-2 pt-5">
          <Link
            to={`/product/${product.id}`}
            className={buttonClass("quiet")}
            aria-label={`View Details: ${product.title}`}
          >
            View Details
          </Link>
          <div className="grid grid-cols-[1fr_auto] gap-2">
            {/* Spec §4: the download button is disabled while the product has no file. */}
            {owned ? (
              <button
                type="button"
                className={buttonClass("primary")}
                onClick={onDownload}
                disabled={!product.has_download}
              >
                Purchased - Download Available
                {product.has_download ? null : <span className="sr-only"> (no file yet)</span>}
              </button>
            ) : included ? (
              <button
                type="button"
                className={buttonClass("primary")}
                onClick={onDownload}
                disabled={!product.has_download}
              >
                Member Benefits - Free Download
                {product.has_download ? null : <span className="sr-only"> (no file yet)</span>}
              </button>
            ) : (
              <button type="button" className={buttonClass("primary")} onClick={onBuy} disabled={!forSale}>
                {forSale ? buyLabel(product) : "Available Soon"}
              </button>
            )}
            {/* Nothing to add while it is not for sale (a live-looking cart button beside 'Available Soon'
                misled), nor once it is theirs to download: the cart would take it and charge nothing. */}
            {forSale && !owned && !included ? (
              <button
                type="button"
                className={buttonClass("secondary", "px-3")}
                onClick={onAddToCart}
                aria-label={`Add to cart: ${product.title}`}
                title="Add to cart"
              >
                <CartIcon />
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </Card>
  );
}
