import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { isClosedAddress } from "~/lib/closed-address";
import type { Database } from "~/lib/db/client.server";
import { orderLines, purchases, refunds, user, vouchers } from "~/lib/db/schema.server";
import { pageWindow } from "~/lib/pagination";
import { refundableCents } from "./ledger/allocate-refund";
import { readOrderLines } from "./ledger/read-order-lines.server";
import { describeLines } from "./line-kinds.server";
import type { PurchaseStatus } from "./model";
import { type CsvLine, type CsvOrder, type OrderFilter, salesByWeek, ukDay, ukDayStart } from "./order-filter";
import { isRefundable } from "./refund-rules";

export const ORDERS_PAGE_SIZE = 25;

const SOLD: PurchaseStatus[] = ["paid", "refunded"];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The orders a filter selects: sold orders (paid or refunded), by the client's e-mail or name, what
 * a line sold (a product, a service) or the order id, by status and UK days.
 */
function selected(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.status === "all" ? inArray(purchases.status, SOLD) : eq(purchases.status, filter.status),
  ];
  const q = filter.q.replace(/^#/, "").trim().toLowerCase();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    const matches = or(
      ilike(user.email, like),
      ilike(user.name, like),
      sql`exists (select 1 from ${orderLines} where ${orderLines.purchaseId} = ${purchases.id} and ${orderLines.title} ilike ${like})`,
      // An order id is a UUID: its first characters are hex digits and dashes.
      /^[0-9a-f-]+$/.test(q) ? sql`${purchases.id} like ${`${escapeLike(q)}%`}` : undefined,
    );
    conditions.push(matches);
  }
  if (filter.from) conditions.push(gte(purchases.createdAt, ukDayStart(filter.from)));
  if (filter.to) conditions.push(lt(purchases.createdAt, ukDayStart(nextDay(filter.to))));
  return and(...conditions);
}

/**
 * What an order's lines have given back (refunds made or on their way), from the ledger, less what
 * went back to a gift voucher rather than to the buyer's card (decision 048): the takings count money.
 */
const refundedOf =
  sql<number>`((select coalesce(sum(${orderLines.refundedCents}), 0) from ${orderLines} where ${orderLines.purchaseId} = ${purchases.id})
    - (select coalesce(sum(${refunds.voucherCents}), 0) from ${refunds} where ${refunds.purchaseId} = ${purchases.id} and ${refunds.status} <> 'failed'))`.mapWith(
    Number,
  );

const orderColumns = {
  id: purchases.id,
  email: user.email,
  name: user.name,
  refundedCents: refundedOf,
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
  voucherCents: purchases.voucherCents,
};

/** Each order's lines as the owner's books name them, with what each took and gave back. */
async function linesOf(db: Database, rows: { id: string }[]) {
  const byOrder = await readOrderLines(
    db,
    rows.map((row) => row.id),
  );
  const names = await describeLines(db, [...byOrder.values()].flat());
  return (id: string) =>
    (byOrder.get(id) ?? []).map((line) => ({
      id: line.id,
      kind: line.kind,
      title: names.get(line.id) ?? line.title,
      amountCents: line.amountCents,
      discountCents: line.discountCents,
      refundedCents: line.refundedCents,
    }));
}

/** Which of these orders sold a gift voucher that is no longer whole and active. */
async function vouchersSpent(db: Database, rows: { id: string }[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const sold = await db
    .select({
      purchaseId: vouchers.purchaseId,
      balanceCents: vouchers.balanceCents,
      valueCents: vouchers.valueCents,
      status: vouchers.status,
    })
    .from(vouchers)
    .where(
      inArray(
        vouchers.purchaseId,
        rows.map((row) => row.id),
      ),
    );
  return new Set(
    sold.filter((v) => v.status !== "active" || v.balanceCents < v.valueCents).map((v) => v.purchaseId ?? ""),
  );
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
        gross: sql<number>`coalesce(sum(${purchases.totalAmountCents}), 0)`.mapWith(Number),
        discount: sql<number>`coalesce(sum(${purchases.discountCents}), 0)`.mapWith(Number),
        refunded: sql<number>`coalesce(sum(${refundedOf}), 0)`.mapWith(Number),
      })
      .from(purchases)
      .innerJoin(user, eq(user.id, purchases.userId))
      .where(where),
  ]);
  const lines = await linesOf(db, rows);
  const spentVouchers = await vouchersSpent(db, rows);
  return {
    orders: rows.map((row) => {
      const own = lines(row.id);
      // What a refund of the rest would give back, and how much of it to the gift voucher that paid
      // (vouchers first, decision 048): the lines' refunds count both, `refundedCents` only money.
      const refundCents = refundableCents(own);
      const voucherReturned = own.reduce((sum, line) => sum + line.refundedCents, 0) - row.refundedCents;
      const voucherLeft = Math.max(0, row.voucherCents - voucherReturned);
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        /** The client closed their account: no receipt can reach them. */
        closedAccount: isClosedAddress(row.email),
        lines: own,
        netCents: row.totalCents - row.refundedCents,
        refundCents,
        refundToVoucherCents: Math.min(refundCents, voucherLeft),
        // The sale of a gift voucher since spent cannot be refunded (`cancelSoldVoucher` refuses it):
        // no button that can only fail.
        refundable:
          !spentVouchers.has(row.id) &&
          isRefundable({ ...row, totalAmountCents: row.totalCents, kinds: own.map((line) => line.kind) }, provider),
      };
    }),
    total: totals?.n ?? 0,
    totals: {
      gross: totals?.gross ?? 0,
      discount: totals?.discount ?? 0,
      refunded: totals?.refunded ?? 0,
      net: (totals?.gross ?? 0) - (totals?.refunded ?? 0),
    },
    pageSize: ORDERS_PAGE_SIZE,
  };
}

/** Every order the filter selects, newest first, with its lines, for the CSV exports. */
export async function exportOrders(db: Database, filter: OrderFilter): Promise<(CsvOrder & { lines: CsvLine[] })[]> {
  const rows = await db
    .select(orderColumns)
    .from(purchases)
    .innerJoin(user, eq(user.id, purchases.userId))
    .where(selected(filter))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
  const lines = await linesOf(db, rows);
  return rows.map((row) => {
    const own = lines(row.id);
    return { ...row, items: own.map((line) => line.title), lines: own };
  });
}

/**
 * Takings per week for the chart: what the orders the filter selects kept (taken less refunded),
 * by the week each was made, for the twelve weeks up to the filter's end (or today).
 */
export async function weeklySales(db: Database, filter: OrderFilter, now = new Date()) {
  const endDay = filter.to ?? ukDay(now);
  const sales = await db
    .select({
      at: purchases.createdAt,
      cents: sql<number>`${purchases.totalAmountCents} - ${refundedOf}`.mapWith(Number),
    })
    .from(purchases)
    .innerJoin(user, eq(user.id, purchases.userId))
    .where(
      and(
        selected(filter),
        gte(
          purchases.createdAt,
          ukDayStart(new Date(Date.parse(`${endDay}T00:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10)),
        ),
      ),
    );
  return salesByWeek(sales, endDay);
}
