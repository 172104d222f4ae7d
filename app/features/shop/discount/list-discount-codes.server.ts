import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { discountCodes, discountRedemptions, products, purchases } from "~/lib/db/schema.server";
import { SUBSCRIPTION_ID } from "../model";

/**
 * The owner's codes, newest first, each with its uses: those paid for, and those held by checkouts
 * still open (which count against the limit until they close).
 */
export async function listDiscountCodes(db: Database) {
  const rows = await db
    .select({
      code: discountCodes,
      paid: sql<number>`count(*) filter (where ${purchases.status} in ('paid', 'refunded'))::int`,
      held: sql<number>`count(*) filter (where ${discountRedemptions.purchaseId} is not null
        and ${discountRedemptions.releasedAt} is null
        and (${purchases.status} is null or ${purchases.status} = 'pending'))::int`,
    })
    .from(discountCodes)
    .leftJoin(discountRedemptions, eq(discountRedemptions.codeId, discountCodes.id))
    .leftJoin(purchases, eq(purchases.id, discountRedemptions.purchaseId))
    .groupBy(discountCodes.id)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  return rows.map((row) => ({ ...row.code, paidUses: row.paid, openUses: row.held }));
}

/** The products a code may be limited to: those on sale, not the membership. */
export async function listDiscountableProducts(db: Database) {
  return db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(isNull(products.archivedAt), ne(products.id, SUBSCRIPTION_ID), isNotNull(products.title)))
    .orderBy(asc(products.title));
}
