import { and, asc, count, isNull, notInArray } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { products } from "~/lib/db/schema.server";

/**
 * One page of the catalogue as shown (products not archived, by sort order) and how many there are
 * in all, so a catalogue of any size costs one bounded read per page.
 */
export async function listProducts(
  db: Database,
  { limit, offset, excludeIds = [] }: { limit: number; offset: number; excludeIds?: string[] },
) {
  const shown = and(isNull(products.archivedAt), excludeIds.length ? notInArray(products.id, excludeIds) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(shown)
      // The id breaks ties, so a product never shows on two pages or on none.
      .orderBy(asc(products.sortOrder), asc(products.title), asc(products.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(products).where(shown),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
