import { and, asc, eq, lt } from "drizzle-orm";
import { refunds } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { settleRefund } from "./settle-refund.server";

/**
 * Refunds recorded but not yet made (the provider was unreachable, or the process stopped in
 * between) are sent again; each is idempotent at the provider, so none is made twice. Those younger
 * than a minute are left to the request that recorded them.
 */
export async function retryPendingRefunds(services: AppServices, now = new Date()): Promise<number> {
  const pending = await services.database.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, new Date(now.getTime() - 60_000))))
    .orderBy(asc(refunds.createdAt))
    .limit(100);
  for (const { id } of pending) await settleRefund(services, id);
  return pending.length;
}
