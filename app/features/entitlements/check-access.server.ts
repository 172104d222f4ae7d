import { getMembership } from "~/features/membership/get-membership.server";
import type { Database } from "~/lib/db/client.server";
import type { Product } from "~/lib/db/schema.server";
import { getOwnedProductIds } from "./get-owned-product-ids.server";

export type AccessGrant = "purchase" | "membership" | "free";

export type Access = { allowed: true; grant: AccessGrant } | { allowed: false; status: 401 | 403 };

/**
 * The one entitlement rule, on the server: a paid, unrefunded purchase that includes the product,
 * an active membership for a digital guide, or a free product for a signed-in user.
 */
export async function checkAccess(
  db: Database,
  user: { id: string; email: string } | null,
  product: Pick<Product, "id" | "productType" | "priceCents">,
): Promise<Access> {
  if (!user) return { allowed: false, status: 401 };
  if ((await getOwnedProductIds(db, user.id)).has(product.id)) return { allowed: true, grant: "purchase" };
  if (product.priceCents === 0 && product.id !== "subscription") return { allowed: true, grant: "free" };
  if (product.productType === "digital_guide" && (await getMembership(db, user.email)).subscribed) {
    return { allowed: true, grant: "membership" };
  }
  return { allowed: false, status: 403 };
}
