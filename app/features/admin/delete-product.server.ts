import { and, arrayContains, eq, isNull } from "drizzle-orm";
import { SUBSCRIPTION_ID } from "~/features/shop/model";
import { announcePublicChange } from "~/lib/announce-public-change.server";
import { AppError } from "~/lib/app-error";
import { products, purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { deleteStoredFiles } from "./delete-stored-files.server";
import { imageKeyOf } from "./plan-product-files";

/**
 * Deletes a product, unless someone has bought it (or has a checkout open for it): then it is
 * archived, gone from the catalogue but still listed and downloadable for its buyers. The Digital
 * Access plan is never deleted.
 */
export async function deleteProduct(
  services: AppServices,
  id: string,
): Promise<{ outcome: "deleted" | "archived"; title: string }> {
  if (id === SUBSCRIPTION_ID) throw new AppError("invalid_request", "The Digital Access plan cannot be deleted.");
  const { db } = services.database;
  const result = await db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .for("update");
    if (!product) throw new AppError("not_found", "This product no longer exists. It may have been deleted.");
    const [bought] = await tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(arrayContains(purchases.productIds, [id]))
      .limit(1);
    if (bought) {
      await tx.update(products).set({ archivedAt: new Date(), isFeatured: false }).where(eq(products.id, id));
      return { outcome: "archived" as const, product };
    }
    await tx.delete(products).where(eq(products.id, id));
    return { outcome: "deleted" as const, product };
  });

  // The catalogue changed: the next visitor's page is rendered afresh.
  announcePublicChange(services);
  if (result.outcome === "deleted") {
    const { product } = result;
    await deleteStoredFiles(services, {
      files: [product.downloadUrl, ...product.pdfAttachments].filter((k): k is string => Boolean(k)),
      images: [imageKeyOf(product.imageUrl)].filter((k): k is string => Boolean(k)),
    });
  }
  services.logger.info({ productId: id, outcome: result.outcome }, "product deleted");
  return { outcome: result.outcome, title: result.product.title };
}
