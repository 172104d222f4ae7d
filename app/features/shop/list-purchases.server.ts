import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database } from "~/lib/db/client.server";
import { purchases, refunds } from "~/lib/db/schema.server";
import { getProductsByIds } from "./get-product.server";
import { mediaTypeOf } from "./model";

/**
 * One page of this user's paid purchases of downloadable things (an order for a session or a
 * package names no product: it is in My Sessions), newest first, each with its products, and how many paid
 * purchases there are in all. Both go through purchases_user_idx (user_id, created_at): the page reads
 * the entries up to its last row and the products it names, never the whole history.
 */
export function listPurchases(db: Database, userId: string, window: { limit: number; offset: number }) {
  return cacheUntilChanged(db, PURCHASE_PAGES, `${userId} ${window.limit} ${window.offset}`, () =>
    readPurchases(db, userId, window),
  );
}

/** My Sacred Downloads, read once per change of the purchases, products or refunds (decision 052). */
const PURCHASE_PAGES: CacheSpec = {
  name: "purchase-pages",
  tables: ["purchases", "products", "refunds"],
  ttlMs: 5 * 60_000,
  maxEntries: 2_000,
};

async function readPurchases(db: Database, userId: string, { limit, offset }: { limit: number; offset: number }) {
  const paid = and(
    eq(purchases.userId, userId),
    eq(purchases.status, "paid"),
    sql`cardinality(${purchases.productIds}) > 0`,
  );
  // The count rides along with the page, so the embedded database (one query at a time) is asked once.
  const rows = await db
    .select({
      id: purchases.id,
      createdAt: purchases.createdAt,
      totalAmountCents: purchases.totalAmountCents,
      voucherCents: purchases.voucherCents,
      productIds: purchases.productIds,
      total: sql<number>`(select count(*) from ${purchases} where ${paid})`.mapWith(Number),
    })
    .from(purchases)
    .where(paid)
    // The id breaks ties between purchases made in the same instant, so none shows twice or never.
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(limit)
    .offset(offset);
  // An empty page (no purchases, or past the last page) carries no count: ask for it.
  const total = rows[0]?.total ?? (await db.select({ n: count() }).from(purchases).where(paid))[0]?.n ?? 0;
  // What went back of each (refunds made or on their way), and the part of that on a gift voucher.
  const returned = new Map(
    rows.length
      ? (
          await db
            .select({
              purchaseId: refunds.purchaseId,
              cents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number),
              voucherCents: sql<number>`sum(${refunds.voucherCents})`.mapWith(Number),
            })
            .from(refunds)
            .where(
              and(
                inArray(
                  refunds.purchaseId,
                  rows.map((r) => r.id),
                ),
                ne(refunds.status, "failed"),
              ),
            )
            .groupBy(refunds.purchaseId)
        ).map((r) => [r.purchaseId, r])
      : [],
  );
  // Only the products this page names: at most a few per purchase.
  const products = new Map(
    (await getProductsByIds(db, [...new Set(rows.flatMap((r) => r.productIds))])).map((p) => [p.id, p]),
  );
  return {
    total,
    purchases: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      /** What was charged, and what a gift voucher paid on top of it (`orderTotalText`). */
      cardCents: row.totalAmountCents,
      voucherCents: row.voucherCents,
      /** What went back to the card, and on the gift voucher (`refundedText`). */
      refundedCardCents: (returned.get(row.id)?.cents ?? 0) - (returned.get(row.id)?.voucherCents ?? 0),
      refundedVoucherCents: returned.get(row.id)?.voucherCents ?? 0,
      products: row.productIds.map((id) => {
        const product = products.get(id);
        return {
          id,
          title: product?.title ?? "Product no longer available",
          productType: product?.productType ?? "digital_guide",
          hasDownload: Boolean(product?.downloadUrl),
          isAudio: mediaTypeOf(product?.downloadUrl)?.family === "audio",
          attachmentCount: product?.pdfAttachments.length ?? 0,
        };
      }),
    })),
  };
}
