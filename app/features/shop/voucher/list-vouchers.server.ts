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
  const spent = sql<number>`coalesce((select -sum(${voucherEntries.amountCents}) from ${voucherEntries}
    where ${voucherEntries.voucherId} = ${vouchers.id} and ${voucherEntries.kind} in ('redeem', 'release', 'restore', 'retake')), 0)::int`;
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
