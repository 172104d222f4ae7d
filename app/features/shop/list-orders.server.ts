import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { purchases, user } from "~/lib/db/schema.server";
import { startOfUkMonth } from "~/lib/format-date";
import { pageWindow } from "~/lib/pagination";
import { getProductsByIds } from "./get-product.server";
import type { PurchaseStatus } from "./model";
import { isRefundable } from "./refund-rules";

export const ORDERS_PAGE_SIZE = 25;

const SOLD: PurchaseStatus[] = ["paid", "refunded"];

/** Sales newest first, one page, with this month's and all-time takings (refunds left out). */
export async function listOrders(
  db: Database,
  { page, provider }: { page: number; provider: "stripe" | "demo" },
  now = new Date(),
) {
  const monthStart = startOfUkMonth(now);
  const [rows, [counted], [takings]] = await Promise.all([
    db
      .select({
        id: purchases.id,
        email: user.email,
        status: purchases.status,
        createdAt: purchases.createdAt,
        totalCents: purchases.totalAmountCents,
        productIds: purchases.productIds,
        provider: purchases.provider,
        providerRef: purchases.providerRef,
        paymentRef: purchases.paymentRef,
      })
      .from(purchases)
      .innerJoin(user, eq(user.id, purchases.userId))
      .where(inArray(purchases.status, SOLD))
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset(pageWindow(page, ORDERS_PAGE_SIZE).offset),
    db.select({ n: count() }).from(purchases).where(inArray(purchases.status, SOLD)),
    db
      .select({
        allTime: sql<number>`coalesce(sum(${purchases.totalAmountCents}), 0)`.mapWith(Number),
        thisMonth:
          sql<number>`coalesce(sum(${purchases.totalAmountCents}) filter (where ${gte(purchases.createdAt, monthStart)}), 0)`.mapWith(
            Number,
          ),
      })
      .from(purchases)
      .where(and(eq(purchases.status, "paid"))),
  ]);
  const titles = new Map(
    (await getProductsByIds(db, [...new Set(rows.flatMap((r) => r.productIds))])).map((p) => [p.id, p.title]),
  );
  return {
    orders: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      products: row.productIds.map((id) => titles.get(id) ?? id),
      refundable: isRefundable({ ...row, totalAmountCents: row.totalCents }, provider),
    })),
    total: counted?.n ?? 0,
    takings: { allTime: takings?.allTime ?? 0, thisMonth: takings?.thisMonth ?? 0 },
    pageSize: ORDERS_PAGE_SIZE,
  };
}
