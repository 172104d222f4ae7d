import { and, eq, isNotNull } from "drizzle-orm";
import { announcePublicChange } from "~/lib/announce-public-change.server";
import { AppError } from "~/lib/app-error";
import { products } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/**
 * Puts an archived product back in the catalogue, as it was (its files were kept for its buyers).
 * It returns unfeatured; the owner features it again if she wants.
 */
export async function restoreProduct(services: AppServices, id: string): Promise<{ title: string }> {
  const [restored] = await services.database.db
    .update(products)
    .set({ archivedAt: null })
    .where(and(eq(products.id, id), isNotNull(products.archivedAt)))
    .returning({ title: products.title });
  if (!restored) throw new AppError("not_found", "This product is not archived. It may have been restored already.");
  // The catalogue changed: the next visitor's page is rendered afresh (decision 027).
  announcePublicChange(services);
  services.logger.info({ productId: id }, "product restored");
  return restored;
}
