import { type AccessGrant, includedInMembership, isFree, type ProductType } from "./model";

/** What is known about the visitor when deciding access; loaded once per request. */
export type AccessFacts = {
  signedIn: boolean;
  /** Products in the visitor's paid, unrefunded purchases. */
  owned: ReadonlySet<string>;
  /** An active Digital Access membership. */
  member: boolean;
  /** Archived products the visitor downloaded before they were archived (read only when needed). */
  downloadedBeforeArchive?: ReadonlySet<string>;
};

export type Access =
  | { allowed: true; grant: AccessGrant }
  | { allowed: false; reason: "not_signed_in" | "purchase_required" };

/**
 * The one entitlement rule (spec §6): a paid, unrefunded purchase that includes the product, a free
 * product for anyone signed in, or an active membership for a digital guide. A product the owner
 * withdrew (archived) stays with the people who already had it: its buyers (free claims included),
 * and whoever downloaded it free or as a member before it was withdrawn; nobody new gets it.
 */
export function decideAccess(
  product: { id: string; productType: ProductType; priceCents: number; archivedAt?: Date | null },
  facts: AccessFacts,
): Access {
  if (!facts.signedIn) return { allowed: false, reason: "not_signed_in" };
  if (facts.owned.has(product.id)) return { allowed: true, grant: "purchase" };
  if (product.archivedAt && !facts.downloadedBeforeArchive?.has(product.id)) {
    return { allowed: false, reason: "purchase_required" };
  }
  if (isFree(product)) return { allowed: true, grant: "free" };
  if (includedInMembership(product.productType, facts.member)) return { allowed: true, grant: "membership" };
  return { allowed: false, reason: "purchase_required" };
}
