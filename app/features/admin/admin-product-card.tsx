import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { SUBSCRIPTION_ID } from "~/features/shop/model";
import { CoverImage } from "~/features/shop/ui/cover-image";
import { formatPrice } from "~/lib/format-price";
import type { AdminProduct } from "./admin-product";
import { ConfirmActionDialog } from "./confirm-action-dialog";

/** Spec §2 admin list card: badges, short description, price, category, duration and order. */
export function AdminProductCard({ product, editHref }: { product: AdminProduct; editHref: string }) {
  return (
    <article
      className={cardClass("flex flex-col gap-4 p-5 sm:flex-row")}
      aria-labelledby={`admin-product-${product.id}`}
    >
      {product.image_url ? (
        <CoverImage
          src={product.image_url}
          lazy
          className="aspect-[1200/630] w-full shrink-0 rounded-lg object-cover sm:w-48"
        />
      ) : (
        <div className="hidden aspect-[1200/630] shrink-0 rounded-lg bg-plum-100 sm:block sm:w-48" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`admin-product-${product.id}`} className="text-xl">
            {product.title}
          </h3>
          {product.is_featured ? (
            <span className="rounded-full bg-gold-500 px-3 py-0.5 text-xs font-semibold text-plum-900">Featured</span>
          ) : null}
          <span className="rounded-full bg-plum-100 px-3 py-0.5 text-xs font-semibold text-plum-800">
            {product.badge}
          </span>
        </div>
        {product.short_description ? <p className="mt-1 text-sm text-muted">{product.short_description}</p> : null}
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-plum-900">
          <li className="font-semibold" data-testid="admin-price">
            {formatPrice(product.price_cents)}
          </li>
          {product.category ? <li>Category: {product.category}</li> : null}
          {product.duration_minutes !== null ? <li>{product.duration_minutes} min</li> : null}
          <li>Order: {product.sort_order}</li>
          <li className="text-muted">{product.sales === 1 ? "Sold once" : `Sold ${product.sales} times`}</li>
        </ul>
      </div>
      <div className="flex shrink-0 gap-2 sm:flex-col">
        <Link to={editHref} className={buttonClass("secondary")} aria-label={`Edit ${product.title}`}>
          Edit
        </Link>
        {product.id === SUBSCRIPTION_ID ? null : (
          // Spec §5: delete asks 'Are you sure you want to delete this product?'.
          <ConfirmActionDialog
            trigger="Delete"
            triggerLabel={`Delete ${product.title}`}
            triggerClassName={buttonClass("danger")}
            title="Are you sure you want to delete this product?"
            description={
              product.has_buyers
                ? `“${product.title}” has been bought, so it will be archived: it leaves the catalogue, and its buyers keep their downloads.`
                : `“${product.title}” and its files will be deleted. This cannot be undone.`
            }
            confirm={product.has_buyers ? "Archive product" : "Delete product"}
            busy="Deleting..."
            fields={{ intent: "delete", id: product.id }}
          />
        )}
      </div>
    </article>
  );
}
