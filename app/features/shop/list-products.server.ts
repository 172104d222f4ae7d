import { and, asc, count, isNull, notInArray, sql } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database } from "~/lib/db/client.server";
import { type Product, products } from "~/lib/db/schema.server";

/**
 * One page of the catalogue as shown (products not archived, by sort order), how many products the
 * pages hold in all, and on the first page the pinned products (the membership plan's card), which are
 * shown apart and never on a page. All in one query: the embedded database answers one query at a
 * time, so round trips are most of what a page of the library costs.
 */
export function listProducts(
  db: Database,
  window: { limit: number; offset: number; pinnedIds?: string[] },
): Promise<{ rows: Product[]; pinned: Product[]; total: number }> {
  return cacheUntilChanged(db, CATALOGUE_PAGES, JSON.stringify(window), () => readProducts(db, window));
}

/**
 * The catalogue's pages, read once per change of the products (decision 052): every signed-in visit
 * to the library read them again (anonymous visits are served whole pages from memory). A minute
 * bounds anything that changes with time alone.
 */
const CATALOGUE_PAGES: CacheSpec = { name: "catalogue-pages", tables: ["products"], ttlMs: 60_000, maxEntries: 200 };

async function readProducts(
  db: Database,
  { limit, offset, pinnedIds = [] }: { limit: number; offset: number; pinnedIds?: string[] },
): Promise<{ rows: Product[]; pinned: Product[]; total: number }> {
  const paged = and(isNull(products.archivedAt), pinnedIds.length ? notInArray(products.id, pinnedIds) : undefined);
  // The id breaks ties, so a product never shows on two pages or on none.
  const order = [asc(products.sortOrder), asc(products.title), asc(products.id)];
  // Only the ids are sorted and skipped; the page's whole rows are then read by primary key, so a deep
  // page does not sort every product's long description (with 10,000 products that sort spilled to disk).
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(paged)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const withPinned = offset === 0 && pinnedIds.length > 0;
  // `id = any(array)` reads the page's rows (and the pinned ones) by primary key. An `or` of two `in`
  // lists instead made the planner walk every product (with 10,000 products, 4 ms instead of 1 ms).
  const wanted = withPinned
    ? sql`array(${pageIds}) || array[${sql.join(
        pinnedIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`
    : sql`array(${pageIds})`;
  const found = await db
    .select({
      product: products,
      total: sql<number>`(select count(*) from ${products} where ${paged})`.mapWith(Number),
    })
    .from(products)
    .where(and(isNull(products.archivedAt), sql`${products.id} = any(${wanted})`))
    .orderBy(...order);
  const pinned = new Set(pinnedIds);
  const total =
    found[0]?.total ??
    // Nothing found (an empty catalogue, or past the last page) carries no count: ask for it.
    (await db.select({ n: count() }).from(products).where(paged))[0]?.n ??
    0;
  return {
    rows: found.filter((r) => !pinned.has(r.product.id)).map((r) => r.product),
    pinned: found.filter((r) => pinned.has(r.product.id)).map((r) => r.product),
    total,
  };
}
