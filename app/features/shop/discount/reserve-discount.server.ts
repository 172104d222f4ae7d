import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Database, Transaction } from "~/lib/db/client.server";
import { type DiscountCode, discountCodes, discountRedemptions, purchases } from "~/lib/db/schema.server";
import { LIMITS, type PurchaseLine } from "../model";
import {
  type DiscountScope,
  discountMessages,
  normaliseCode,
  type PricedDiscount,
  priceDiscount,
} from "./price-discount";

const refuse = (message: string) => new AppError("discount_refused", message, discountMessages.title);

/** The code the buyer typed, as stored (matched case-insensitively), or undefined. */
export async function findDiscountCode(db: Database | Transaction, text: string): Promise<DiscountCode | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = ${normaliseCode(text)}`);
  return row;
}

/**
 * What the code takes off these lines, or the reason it cannot be used. The use limit is not looked
 * at here: only `reserveDiscount`, under the code's lock, can say whether a use is left.
 */
export function checkDiscountCode(
  row: DiscountCode | undefined,
  lines: readonly PurchaseLine[],
  now: Date,
  scope: DiscountScope = "products",
): { row: DiscountCode; priced: PricedDiscount } {
  // A code switched off reads as one that does not exist: the owner withdrew it.
  if (!row?.active) throw refuse(discountMessages.unknown);
  if (row.expiresAt && row.expiresAt <= now) throw refuse(discountMessages.expired);
  if (!row.appliesTo.includes(scope)) throw refuse(discountMessages.notForItems);
  const priced = priceDiscount(lines, row);
  if (!priced || priced.discountCents === 0) throw refuse(discountMessages.notForItems);
  return { row, priced };
}

/**
 * Takes one use of a code for a checkout about to be opened. The code's row is locked, so however
 * many checkouts race for its last use they take turns, and exactly as many as its limit get one:
 * the uses are the code's unreleased redemption rows, counted under that lock. Uses held by checkouts
 * that closed unpaid are released first (decision 033: a use counts from checkout creation).
 */
export async function reserveDiscount(
  db: Database,
  input: {
    code: string;
    purchaseId: string;
    lines: readonly PurchaseLine[];
    now?: Date;
    /** What is being bought (products unless said), and by whom (for a first-visit code). */
    scope?: DiscountScope | undefined;
    userId?: string | undefined;
  },
): Promise<{ code: string; priced: PricedDiscount }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(discountCodes)
      .where(sql`upper(${discountCodes.code}) = ${normaliseCode(input.code)}`)
      .for("update");
    const { priced } = checkDiscountCode(row, input.lines, now, input.scope);
    const code = row as DiscountCode;
    // A first visit: the client has no order paid before (refunded ones count: she has been a client).
    if (code.firstTimeOnly) {
      if (!input.userId) throw refuse(discountMessages.firstTimeOnly);
      const [before] = await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, input.userId),
            inArray(purchases.status, ["paid", "refunded"]),
            ne(purchases.id, input.purchaseId),
          ),
        )
        .limit(1);
      if (before) throw refuse(discountMessages.firstTimeOnly);
    }
    if (code.maxUses !== null) {
      await releaseClosedUses(tx, code.id, now);
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.codeId, code.id), isNull(discountRedemptions.releasedAt)));
      if ((held?.count ?? 0) >= code.maxUses) throw refuse(discountMessages.usedUp);
    }
    await tx.insert(discountRedemptions).values({ purchaseId: input.purchaseId, codeId: code.id });
    return { code: code.code, priced };
  });
}

/** Gives a use back at once: the checkout it was taken for never opened. */
export async function releaseDiscount(db: Database, purchaseId: string): Promise<void> {
  await db
    .update(discountRedemptions)
    .set({ releasedAt: new Date() })
    .where(and(eq(discountRedemptions.purchaseId, purchaseId), isNull(discountRedemptions.releasedAt)));
}

/**
 * Releases the uses of a code held by checkouts that closed unpaid (expired, cancelled, failed), and
 * by checkouts that never got their pending row (the process stopped between the two) once they are
 * older than a checkout may stay open.
 */
async function releaseClosedUses(tx: Transaction, codeId: string, now: Date): Promise<void> {
  const orphanedBefore = new Date(now.getTime() - (LIMITS.checkoutTtlMinutes + 5) * 60_000);
  await tx
    .update(discountRedemptions)
    .set({ releasedAt: now })
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        isNull(discountRedemptions.releasedAt),
        sql`(exists (select 1 from ${purchases} p where p.id = ${discountRedemptions.purchaseId}
              and p.status in ('expired', 'cancelled', 'failed'))
            or (not exists (select 1 from ${purchases} p where p.id = ${discountRedemptions.purchaseId})
              and ${discountRedemptions.createdAt} < ${orphanedBefore}))`,
      ),
    );
}

/**
 * A checkout that closed unpaid and was paid after all (a late card payment): its use counts again,
 * even past the limit, since the buyer was charged the discounted price. Runs in fulfilment's transaction.
 */
export async function countLatePaidUse(tx: Transaction, purchaseId: string): Promise<void> {
  await tx.update(discountRedemptions).set({ releasedAt: null }).where(eq(discountRedemptions.purchaseId, purchaseId));
}
