import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { purchases } from "~/lib/db/schema.server";

/** Products in the user's paid, unrefunded purchases. */
export async function getOwnedProductIds(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ productIds: purchases.productIds })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, "paid"), isNull(purchases.refundedAt)));
  return new Set(rows.flatMap((r) => r.productIds));
}
