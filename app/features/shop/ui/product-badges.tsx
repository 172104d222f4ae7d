import { typeBadge } from "../product-labels";

/** Spec §2's badges: the product's type, and 'Featured' when it is. */
export function ProductBadges({
  product,
  onImage = false,
  className = "",
}: {
  product: { product_type: string; is_featured: boolean };
  /** Laid over a cover image (a white pill), rather than on the page. */
  onImage?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <span
        className={`rounded-full px-3 py-1 text-xs font-semibold text-plum-800 ${onImage ? "bg-white/90" : "bg-plum-100"}`}
      >
        {typeBadge(product.product_type)}
      </span>
      {product.is_featured ? (
        <span className="rounded-full bg-gold-500 px-3 py-1 text-xs font-semibold text-plum-900">Featured</span>
      ) : null}
    </div>
  );
}
