import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { purchases, refunds } from "~/lib/db/schema.server";

/**
 * What a gift voucher still pays of an order that keeps some of its lines (decision 048): what it
 * paid, less what refunds of lines since have given back to it (they go to the voucher first). An
 * order refunded whole is shown as it was sold, so it keeps the voucher's first part.
 */
export async function voucherKeptCents(
  db: Database,
  purchase: { id: string; status: string; voucherCents: number },
): Promise<number> {
  if (purchase.voucherCents === 0 || purchase.status === "refunded") return purchase.voucherCents;
  const [returned] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.voucherCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.purchaseId, purchase.id), ne(refunds.status, "failed")));
  return Math.max(0, purchase.voucherCents - (returned?.cents ?? 0));
}

/** The same for an order named by its id (none, or no such order: 0). */
export async function voucherKeptOf(db: Database, purchaseId: string | null): Promise<number> {
  if (!purchaseId) return 0;
  const [purchase] = await db
    .select({ id: purchases.id, status: purchases.status, voucherCents: purchases.voucherCents })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  return purchase ? voucherKeptCents(db, purchase) : 0;
}
