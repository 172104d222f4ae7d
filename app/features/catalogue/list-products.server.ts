import { asc, isNull } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { products } from "~/lib/db/schema.server";

/** The catalogue as shown: every product not archived, by sort order. */
export function listProducts(db: Database) {
  return db
    .select()
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.sortOrder), asc(products.title));
}
