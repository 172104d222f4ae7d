import { and, eq, inArray, isNull } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database } from "~/lib/db/client.server";
import { type Product, products } from "~/lib/db/schema.server";

/** One product of the catalogue, or undefined (archived products are gone from the catalogue). */
export function getProduct(db: Database, id: string): Promise<Product | undefined> {
  return cacheUntilChanged(db, PRODUCTS, id, async () => {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)));
    return row;
  });
}

/**
 * The ids of every product that has a page (not archived): the shared page cache answers an address
 * with any other id from one 404 page, so made-up product addresses cannot each cost a render (issue 23).
 */
export function listProductPageIds(db: Database): Promise<ReadonlySet<string>> {
  return cacheUntilChanged(db, PRODUCT_PAGE_IDS, "all", async () => {
    const rows = await db.select({ id: products.id }).from(products).where(isNull(products.archivedAt));
    return new Set(rows.map((row) => row.id));
  });
}

const PRODUCT_PAGE_IDS: CacheSpec = { name: "product-page-ids", tables: ["products"], ttlMs: 60_000, maxEntries: 1 };

/** A product's page is asked for far more often than products change (decision 052). */
const PRODUCTS: CacheSpec = { name: "products", tables: ["products"], ttlMs: 60_000, maxEntries: 2_000 };

/** Products by id, archived ones included: buyers keep what they bought. */
export async function getProductsByIds(db: Database, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids));
}
