import type { Access } from "./decide-access";
import { isForSale, isFree, isPlan } from "./model";
import { buyLabel } from "./product-labels";

/** What the product page's purchase panel offers this visitor (spec §4 'Product detail panel'). */
export type Offer =
  /** Signed out: 'Login to Purchase - {price}' and a sign-up link, both to /auth with a toast. */
  | { kind: "sign-in" }
  /** The plan, to a member: where to manage it. */
  | { kind: "manage-membership" }
  /** The plan, to everyone else signed in: 'Subscribe for {price}'. */
  | { kind: "subscribe" }
  /** Owned or included: the download button, disabled without a file. */
  | { kind: "download"; label: "Purchased - Download Available" | "Member Benefits - Free Download"; disabled: boolean }
  /** A free product: claimed and downloaded in one press. */
  | { kind: "claim-free"; label: string; disabled: boolean }
  /** 'Download Now and Begin Your Inner Healing' and 'Add to Sacred Collection'. */
  | { kind: "buy" }
  /** A paid product whose file is not ready: not for sale yet. */
  | { kind: "unavailable" };

export type OfferProduct = { id: string; product_type: string; price_cents: number; has_download: boolean };

/**
 * The panel for one visitor, from the same facts the server's access rule used, so the page never
 * offers what the download would refuse, or sells what is already theirs.
 */
export function decideOffer(product: OfferProduct, access: Access, member: boolean): Offer {
  const forSale = isForSale({ id: product.id, priceCents: product.price_cents, hasFile: product.has_download });
  const free = isFree({ id: product.id, priceCents: product.price_cents });
  // Not for sale to anyone yet, as the catalogue's card says: signing in would not let her buy it.
  if (!access.allowed && access.reason === "not_signed_in") {
    return forSale ? { kind: "sign-in" } : { kind: "unavailable" };
  }
  // The plan is bought again every month: being a member now is what counts, not an old purchase.
  if (isPlan(product)) return member ? { kind: "manage-membership" } : { kind: "subscribe" };
  const disabled = !product.has_download;
  if (access.allowed && access.grant === "purchase") {
    return { kind: "download", label: "Purchased - Download Available", disabled };
  }
  if (access.allowed && access.grant === "membership") {
    return { kind: "download", label: "Member Benefits - Free Download", disabled };
  }
  if (free) return { kind: "claim-free", label: buyLabel(product), disabled };
  if (!forSale) return { kind: "unavailable" };
  return { kind: "buy" };
}

/** Whether the visitor may open what the product contains (its video, player, attachments). */
export const isEntitled = (product: { id: string }, access: Access): boolean => access.allowed && !isPlan(product);
