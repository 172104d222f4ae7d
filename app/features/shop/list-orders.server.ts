import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { purchases, user } from "~/lib/db/schema.server";
import { pageWindow } from "~/lib/pagination";
import { getProductsByIds } from "./get-product.server";
import type { PurchaseStatus } from "./model";
import { type CsvOrder, type OrderFilter, salesByWeek, ukDay, ukDayStart } from "./order-filter";
import { isRefundable } from "./refund-rules";

export const ORDERS_PAGE_SIZE = 25;

const SOLD: PurchaseStatus[] = ["paid", "refunded"];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The orders a filter selects: sold orders (paid or refunded), by e-mail or order id, status and UK days. */
function selected(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.status === "all" ? inArray(purchases.status, SOLD) : eq(purchases.status, filter.status),
  ];
  const q = filter.q.replace(/^#/, "").trim().toLowerCase();
  if (q) {
    const byEmail = ilike(user.email, `%${escapeLike(q)}%`);
    // An order id is a UUID: its first characters are hex digits and dashes.
    conditions.push(/^[0-9a-f-]+$/.test(q) ? or(byEmail, sql`${purchases.id} like ${`${escapeLike(q)}%`}`) : byEmail);
  }
  if (filter.from) conditions.push(gte(purchases.createdAt, ukDayStart(filter.from)));
  if (filter.to) conditions.push(lt(purchases.createdAt, ukDayStart(nextDay(filter.to))));
  return and(...conditions);
}

const orderColumns = {
  id: purchases.id,
  email: user.email,
  status: purchases.status,
  createdAt: purchases.createdAt,
  totalCents: purchases.totalAmountCents,
  productIds: purchases.productIds,
  provider: purchases.provider,
  providerRef: purchases.providerRef,
  paymentRef: purchases.paymentRef,
  note: purchases.note,
  discountCode: purchases.discountCode,
  discountCents: purchases.discountCents,
};

async function titlesOf(db: Database, rows: { productIds: string[] }[]) {
  const found = await getProductsByIds(db, [...new Set(rows.flatMap((r) => r.productIds))]);
  const titles = new Map(found.map((p) => [p.id, p.title]));
  return (ids: string[]) => ids.map((id) => titles.get(id) ?? id);
}

/** One page of the filtered orders, newest first, with the filtered set's count and totals. */
export async function listOrders(
  db: Database,
  { page, provider, filter }: { page: number; provider: "stripe" | "demo"; filter: OrderFilter },
) {
  const where = selected(filter);
  // One query after another would do; these are independent reads, so they go together.
  const [rows, [totals]] = await Promise.all([
    db
      .select(orderColumns)
      .from(purchases)
      .innerJoin(user, eq(user.id, purchases.userId))
      .where(where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset(pageWindow(page, ORDERS_PAGE_SIZE).offset),
    db
      .select({
        n: count(),
        paid: sql<number>`coalesce(sum(${purchases.totalAmountCents}) filter (where ${purchases.status} = 'paid'), 0)`.mapWith(
          Number,
        ),
        refunded:
          sql<number>`coalesce(sum(${purchases.totalAmountCents}) filter (where ${purchases.status} = 'refunded'), 0)`.mapWith(
            Number,
          ),
      })
      .from(purchases)
      .innerJoin(user, eq(user.id, purchases.userId))
      .where(where),
  ]);
  const titles = await titlesOf(db, rows);
  return {
    orders: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      products: titles(row.productIds),
      refundable: isRefundable({ ...row, totalAmountCents: row.totalCents }, provider),
    })),
    total: totals?.n ?? 0,
    totals: { paid: totals?.paid ?? 0, refunded: totals?.refunded ?? 0 },
    pageSize: ORDERS_PAGE_SIZE,
  };
}

/** Every order the filter selects, newest first, for the CSV export. */
export async function exportOrders(db: Database, filter: OrderFilter): Promise<CsvOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(purchases)
    .innerJoin(user, eq(user.id, purchases.userId))
    .where(selected(filter))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
  const titles = await titlesOf(db, rows);
  return rows.map((row) => ({ ...row, items: titles(row.productIds) }));
}

/**
 * Paid takings per week for the chart: the twelve weeks up to the filter's end (or today), of the
 * orders the filter selects (refunded ones left out).
 */
export async function weeklySales(db: Database, filter: OrderFilter, now = new Date()) {
  const endDay = filter.to ?? ukDay(now);
  const sales = await db
    .select({ at: purchases.createdAt, cents: purchases.totalAmountCents })
    .from(purchases)
    .innerJoin(user, eq(user.id, purchases.userId))
    .where(
      and(
        selected({ ...filter, status: "paid" }),
        gte(
          purchases.createdAt,
          ukDayStart(new Date(Date.parse(`${endDay}T00:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10)),
        ),
      ),
    );
  return salesByWeek(sales, endDay);
}
