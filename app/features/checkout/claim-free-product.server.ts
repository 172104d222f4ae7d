import { getProduct } from "~/features/catalogue/get-product.server";
import { SUBSCRIPTION_ID } from "~/features/catalogue/product-labels";
import { purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

export type ClaimResult = { ok: true; downloadUrl: string | null } | { ok: false; status: 400 | 404; message: string };

/**
 * A signed-in 'Download Free' / 'Access Free': a paid purchase of £0.00 with no payment provider, so
 * it is listed in My Sacred Downloads. Claiming twice records it once.
 */
export async function claimFreeProduct(
  services: AppServices,
  account: { id: string },
  productId: string,
): Promise<ClaimResult> {
  const product = await getProduct(services.database.db, productId);
  if (!product) return { ok: false, status: 404, message: "Product not found" };
  if (product.priceCents !== 0 || product.id === SUBSCRIPTION_ID) {
    return { ok: false, status: 400, message: "This product is not free" };
  }
  await services.database.db
    .insert(purchases)
    .values({
      id: crypto.randomUUID(),
      userId: account.id,
      status: "paid",
      totalAmountCents: 0,
      productIds: [product.id],
      provider: "free",
      providerRef: `${account.id}:${product.id}`,
    })
    .onConflictDoNothing();
  return { ok: true, downloadUrl: product.downloadUrl ? `/api/downloads/${product.id}` : null };
}
