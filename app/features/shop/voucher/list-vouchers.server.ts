import { desc, ilike, or, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { voucherEntries, vouchers } from "~/lib/db/schema.server";

/**
 * The owner's list of vouchers, newest first, found by code, buyer's or recipient's name or e-mail:
 * what each was sold or issued for, whether it was sent, what has been spent (held at an open
 * checkout included) and what is left.
 */
export async function listVouchers(db: Database, input: { q?: string | undefined; limit?: number } = {}) {
  const q = input.q?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  // The outer voucher's id written out in full: in a query of one table Drizzle writes `${vouchers.id}`
  // as a bare "id", which inside this subquery is the entry's own id (and nothing was ever spent).
  const outerId = sql`${sql.identifier("vouchers")}.${sql.identifier("id")}`;
  const spent = sql<number>`coalesce((select -sum(${voucherEntries.amountCents}) from ${voucherEntries}
    where ${voucherEntries.voucherId} = ${outerId} and ${voucherEntries.kind} in ('redeem', 'release', 'restore', 'retake')), 0)::int`;
  return db
    .select({ voucher: vouchers, spentCents: spent })
    .from(vouchers)
    .where(
      like
        ? or(
            ilike(vouchers.code, like),
            ilike(vouchers.buyerName, like),
            ilike(vouchers.recipientName, like),
            ilike(vouchers.recipientEmail, like),
          )
        : undefined,
    )
    .orderBy(desc(vouchers.createdAt))
    .limit(input.limit ?? 200);
}
