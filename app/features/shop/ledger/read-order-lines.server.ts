import { asc, inArray } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { type OrderLine, orderLines } from "~/lib/db/schema.server";

/** The lines of some orders, in each order's own order, by order id. */
export async function readOrderLines(
  db: Database | Transaction,
  purchaseIds: readonly string[],
): Promise<Map<string, OrderLine[]>> {
  const byOrder = new Map<string, OrderLine[]>();
  if (purchaseIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.purchaseId, [...new Set(purchaseIds)]))
    .orderBy(asc(orderLines.purchaseId), asc(orderLines.position));
  for (const row of rows) byOrder.set(row.purchaseId, [...(byOrder.get(row.purchaseId) ?? []), row]);
  return byOrder;
}
