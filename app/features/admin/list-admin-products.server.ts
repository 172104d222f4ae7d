import { and, arrayOverlaps, asc, count, desc, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { products, purchases } from "~/lib/db/schema.server";
import { pageWindow } from "~/lib/pagination";
import { toAdminProduct } from "./admin-product";

export const ADMIN_PAGE_SIZE = 50;

/** One page of the catalogue by sort order (spec §7), archived products left out, with their sales. */
export async function listAdminProducts(db: Database, page: number) {
  const [rows, [totals], [archived]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(asc(products.sortOrder), asc(products.title), asc(products.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageWindow(page, ADMIN_PAGE_SIZE).offset),
    db.select({ n: count() }).from(products).where(isNull(products.archivedAt)),
    db.select({ n: count() }).from(products).where(isNotNull(products.archivedAt)),
  ]);
  const ids = rows.map((r) => r.id);
  const usage = new Map<string, { sales: number; references: number }>();
  if (ids.length > 0) {
    const counted = await db
      .select({
        productId: sql<string>`p.id`,
        sales: sql<number>`count(*) filter (where ${purchases.status} = 'paid')`.mapWith(Number),
        references: count(),
      })
      .from(purchases)
      .innerJoin(sql`unnest(${purchases.productIds}) as p(id)`, sql`true`)
      .where(and(arrayOverlaps(purchases.productIds, ids), sql`p.id = any(${sql.param(ids)}::text[])`))
      .groupBy(sql`p.id`);
    for (const row of counted) usage.set(row.productId, row);
  }
  return {
    products: rows.map((r) => toAdminProduct(r, usage.get(r.id)?.sales, usage.get(r.id)?.references)),
    total: totals?.n ?? 0,
    archived: archived?.n ?? 0,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** Archived products (withdrawn after a sale), most recently archived first, for restoring. */
export async function listArchivedProducts(db: Database, limit = 100) {
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      priceCents: products.priceCents,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(isNotNull(products.archivedAt))
    .orderBy(desc(products.archivedAt), asc(products.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, archivedAt: row.archivedAt?.toISOString() ?? null }));
}
