import { AppError } from "~/lib/app-error";
import { purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getProduct } from "./get-product.server";
import { writeOrderLines } from "./ledger/write-order-lines.server";
import { checkoutMessages, isFree } from "./model";

/**
 * A signed-in 'Download Free' / 'Access Free': a paid purchase of £0.00 with no payment provider, so
 * it is listed in My Sacred Downloads. Claiming twice records it once. Returns the download address,
 * or null when the product has no file yet.
 */
export async function claimFreeProduct(
  services: AppServices,
  account: { id: string },
  productId: string,
): Promise<{ downloadUrl: string | null }> {
  const product = await getProduct(services.database.db, productId);
  if (!product) throw new AppError("not_found", checkoutMessages.productNotFound);
  if (!isFree(product)) throw new AppError("invalid_request", checkoutMessages.notFree);
  const purchaseId = crypto.randomUUID();
  await services.database.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(purchases)
      .values({
        id: purchaseId,
        userId: account.id,
        status: "paid",
        totalAmountCents: 0,
        productIds: [product.id],
        provider: "free",
        providerRef: `${account.id}:${product.id}`,
      })
      .onConflictDoNothing()
      .returning({ id: purchases.id });
    if (made) {
      await writeOrderLines(tx, purchaseId, [
        { kind: "product", productId: product.id, title: product.title, amountCents: 0 },
      ]);
    }
  });
  return { downloadUrl: product.downloadUrl ? `/api/downloads/${product.id}` : null };
}
