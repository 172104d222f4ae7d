import { and, eq, isNull } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database } from "~/lib/db/client.server";
import { purchases } from "~/lib/db/schema.server";

/** Products in the user's paid, unrefunded purchases. */
export async function getOwnedProductIds(db: Database, userId: string): Promise<Set<string>> {
  const ids = await cacheUntilChanged(db, OWNED, userId, async () => {
    const rows = await db
      .select({ productIds: purchases.productIds })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.status, "paid"), isNull(purchases.refundedAt)));
    return rows.flatMap((r) => r.productIds);
  });
  // A set of its own: the kept list is shared by every request.
  return new Set(ids);
}

/** Asked by every signed-in page; read once per change of the purchases (decision 052). */
const OWNED: CacheSpec = { name: "owned-products", tables: ["purchases"], ttlMs: 5 * 60_000, maxEntries: 5_000 };
