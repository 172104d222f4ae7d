import { and, eq, inArray, isNotNull, lt, max, notExists, sql } from "drizzle-orm";
import type { Transaction } from "~/lib/db/client.server";
import { EXCLUSIVE_WORK } from "~/lib/db/client.server";
import {
  bookingPackages,
  bookings,
  complaints,
  dataExports,
  discountRedemptions,
  erasedAccounts,
  orderLines,
  packageCredits,
  purchases,
  refundLines,
  refunds,
  user,
  vatInvoices,
  verification,
  voucherEntries,
  vouchers,
} from "~/lib/db/schema.server";
import { personalDataHolders } from "~/lib/personal-data.server";
import { booksKeptUntil, daysAgo, RETENTION, yearsAgo } from "~/lib/retention-periods";
import type { AppServices } from "~/lib/services.server";

/** How often the server looks for what is past its time (and once at start). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Erases what is past its time (`RETENTION`, the periods the Privacy Policy quotes), once across
 * instances (`runExclusive`; another instance running it answers null). Each step is a delete by a
 * date, so a run cut off by a restart is finished by the next one, and a second run finds nothing.
 */
export function runRetention(services: AppServices, now = new Date()): Promise<Record<string, number> | null> {
  return services.database.runExclusive(EXCLUSIVE_WORK.retention, () => retain(services, now));
}

async function retain(services: AppServices, now: Date): Promise<Record<string, number>> {
  const { db } = services.database;
  // Reset links (one hour), sign-up bindings and e-mail change links (a day): Better Auth leaves
  // used-up and expired ones behind.
  const links = await db.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id });
  const exports = await db.delete(dataExports).where(lt(dataExports.expiresAt, now)).returning({ id: dataExports.id });
  const signUps = await db
    .delete(user)
    .where(
      and(
        eq(user.emailVerified, false),
        lt(user.createdAt, daysAgo(now, RETENTION.unconfirmedSignUpDays)),
        notExists(db.select().from(erasedAccounts).where(eq(erasedAccounts.userId, user.id))),
        notExists(db.select().from(purchases).where(eq(purchases.userId, user.id))),
        notExists(db.select().from(bookings).where(eq(bookings.userId, user.id))),
      ),
    )
    .returning({ id: user.id });
  const answered = await db
    .delete(complaints)
    .where(
      and(isNotNull(complaints.answeredAt), lt(complaints.answeredAt, yearsAgo(now, RETENTION.answeredComplaintYears))),
    )
    .returning({ id: complaints.id });
  // Closed at least six years ago (none can be due sooner), then each one's own date, from the tax
  // year of its closing or of a refund of hers made later.
  const closed = await db
    .select({ userId: erasedAccounts.userId, erasedAt: erasedAccounts.erasedAt, lastRefund: max(refunds.createdAt) })
    .from(erasedAccounts)
    .leftJoin(purchases, eq(purchases.userId, erasedAccounts.userId))
    .leftJoin(refunds, eq(refunds.purchaseId, purchases.id))
    .where(lt(erasedAccounts.erasedAt, yearsAgo(now, RETENTION.financialRecordYears)))
    .groupBy(erasedAccounts.userId, erasedAccounts.erasedAt);
  const due = closed.filter(
    ({ erasedAt, lastRefund }) => booksKeptUntil(lastRefund && lastRefund > erasedAt ? lastRefund : erasedAt) <= now,
  );
  let closedAccounts = 0;
  for (const { userId } of due) {
    // One account's books that cannot go (a row another feature keeps pointing at it) must not
    // stop the others, nor the rest of the run: it is logged and tried again next time.
    try {
      await db.transaction((tx) => deleteBooks(tx, userId));
      closedAccounts++;
    } catch (error) {
      services.logger.error({ err: error, userId }, "retention: a closed account's books could not be deleted");
    }
  }
  let counts: Record<string, number> = {
    expiredLinks: links.length,
    expiredExports: exports.length,
    unconfirmedSignUps: signUps.length,
    answeredComplaints: answered.length,
    closedAccountsDeleted: closedAccounts,
  };
  for (const holder of personalDataHolders()) {
    if (holder.expire) counts = { ...counts, ...(await holder.expire(services, now)) };
  }
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total > 0) services.logger.info(counts, "retention: data past its time erased");
  return counts;
}

/**
 * A closed account's books, six years on: its orders, their lines, refunds and VAT invoices, its
 * sessions and packages, then the anonymised account itself. Refund allocations are otherwise never
 * removed (decision 040's trigger), nor voucher entries changed (decision 048's); `ledger.retention`
 * lets this transaction, and only it, remove the one and take from the other the refund it names.
 * A gift voucher she bought stays (its recipient's orders may have spent it), without its sale.
 */
async function deleteBooks(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select set_config('ledger.retention', 'on', true)`);
  const orderIds = (await tx.select({ id: purchases.id }).from(purchases).where(eq(purchases.userId, userId))).map(
    (p) => p.id,
  );
  const packageIds = (
    await tx.select({ id: bookingPackages.id }).from(bookingPackages).where(eq(bookingPackages.userId, userId))
  ).map((p) => p.id);
  if (orderIds.length > 0) {
    const refundIds = (
      await tx.select({ id: refunds.id }).from(refunds).where(inArray(refunds.purchaseId, orderIds))
    ).map((r) => r.id);
    if (refundIds.length > 0) {
      await tx.delete(refundLines).where(inArray(refundLines.refundId, refundIds));
      await tx.update(voucherEntries).set({ refundId: null }).where(inArray(voucherEntries.refundId, refundIds));
    }
    await tx.update(vouchers).set({ purchaseId: null }).where(inArray(vouchers.purchaseId, orderIds));
    await tx.delete(vatInvoices).where(inArray(vatInvoices.purchaseId, orderIds));
    await tx.delete(orderLines).where(inArray(orderLines.purchaseId, orderIds));
    await tx.delete(refunds).where(inArray(refunds.purchaseId, orderIds));
    await tx.delete(discountRedemptions).where(inArray(discountRedemptions.purchaseId, orderIds));
  }
  await tx.delete(bookings).where(eq(bookings.userId, userId));
  if (packageIds.length > 0) {
    await tx.delete(packageCredits).where(inArray(packageCredits.packageId, packageIds));
    await tx.delete(bookingPackages).where(inArray(bookingPackages.id, packageIds));
  }
  if (orderIds.length > 0) await tx.delete(purchases).where(inArray(purchases.id, orderIds));
  await tx.delete(user).where(eq(user.id, userId));
}
