import { and, eq, inArray } from "drizzle-orm";
import {
  downloadLog,
  membershipReminders,
  orderLines,
  purchases,
  refundLines,
  refunds,
  subscribers,
  user,
  vatInvoices,
} from "~/lib/db/schema.server";
import { formatLongDate } from "~/lib/format-date";
import type { PersonalDataHolder } from "~/lib/personal-data.server";
import type { AppServices } from "~/lib/services.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { buildReceipt } from "./send-receipt.server";
import { eraseVoucherData, exportVoucherData } from "./voucher/voucher-personal-data.server";

/**
 * The shop's part of a person's data (decision 049). Exported: every order with its lines, refunds
 * and their allocation, the files she downloaded, her membership, and each receipt as it reads
 * (rebuilt from the ledger, which keeps every line as sold: see the decision for why not the mail
 * log). Erased: the download log and the membership row go; orders, lines and refunds stay, as the
 * law asks, pointing at the anonymised account, with the owner's free-text note (which may name her)
 * cleared. The consent records (reg. 37) name a wording and a time, not a person, and stay.
 */
export const shopPersonalData: PersonalDataHolder = {
  name: "shop",
  async export(services, userId) {
    const { db } = services.database;
    const orders = await db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(purchases.createdAt);
    const ids = orders.map((o) => o.id);
    const lines = ids.length ? await db.select().from(orderLines).where(inArray(orderLines.purchaseId, ids)) : [];
    const refundRows = ids.length ? await db.select().from(refunds).where(inArray(refunds.purchaseId, ids)) : [];
    const allocations = refundRows.length
      ? await db
          .select()
          .from(refundLines)
          .where(
            inArray(
              refundLines.refundId,
              refundRows.map((r) => r.id),
            ),
          )
      : [];
    return {
      orders,
      orderLines: lines,
      refunds: refundRows,
      refundLines: allocations,
      downloads: await db.select().from(downloadLog).where(eq(downloadLog.userId, userId)),
      membership: await db.select().from(subscribers).where(eq(subscribers.userId, userId)),
      renewalReminders: await remindersOf(db, userId),
      giftVouchers: await vouchersOf(db, userId),
      vatInvoices: ids.length ? await db.select().from(vatInvoices).where(inArray(vatInvoices.purchaseId, ids)) : [],
      receipts: await receiptsOf(services, userId),
    };
  },
  async preview(services, userId, now) {
    const [member] = await services.database.db.select().from(subscribers).where(eq(subscribers.userId, userId));
    if (!member?.subscribed || (member.subscriptionEnd && member.subscriptionEnd <= now)) return [];
    return [
      `Your Digital Access membership ends now${member.subscriptionEnd ? ` rather than on ${formatLongDate(member.subscriptionEnd)}` : ""}; the month already paid is not refunded.`,
    ];
  },
  async release(services, { userId }, now) {
    const { db } = services.database;
    // Her open checkouts close, here and at the provider, so nothing new is bought for a closed
    // account (a payment already on its way is still fulfilled or refunded when it arrives).
    const open = await db
      .update(purchases)
      .set({ status: "expired" })
      .where(and(eq(purchases.userId, userId), eq(purchases.status, "pending")))
      .returning({ ref: purchases.providerRef });
    for (const { ref } of open) {
      if (!ref) continue;
      await getPaymentProvider(services)
        .expireCheckout(ref)
        .catch((error: unknown) => services.logger.warn({ err: error, ref }, "could not close a checkout"));
    }
    const [member] = await db.select().from(subscribers).where(eq(subscribers.userId, userId));
    if (!member?.subscribed) return;
    if (member.provider === "stripe" && member.providerSubscriptionId) {
      // Idempotent at Stripe (keyed by the subscription): a repeated closing cancels once.
      await getPaymentProvider(services).cancelSubscription(member.providerSubscriptionId);
    }
    await db
      .update(subscribers)
      .set({ subscribed: false, cancelAtPeriodEnd: false, subscriptionEnd: now })
      .where(eq(subscribers.userId, userId));
  },
  async erase(tx, userId) {
    // Renewal reminders are kept by address (decision 050): hers go while the account still has it.
    const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (person) await tx.delete(membershipReminders).where(eq(membershipReminders.email, person.email.toLowerCase()));
    // Vouchers she bought or was given keep their value and their ledger; the names, her address and
    // the message go (decision 048).
    if (person) await eraseVoucherData(tx, { userId, email: person.email });
    await tx.delete(downloadLog).where(eq(downloadLog.userId, userId));
    await tx.delete(subscribers).where(eq(subscribers.userId, userId));
    await tx.update(purchases).set({ note: null }).where(eq(purchases.userId, userId));
  },
};

async function remindersOf(db: AppServices["database"]["db"], userId: string) {
  const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!person) return [];
  return db.select().from(membershipReminders).where(eq(membershipReminders.email, person.email.toLowerCase()));
}

async function vouchersOf(db: AppServices["database"]["db"], userId: string) {
  const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return person ? exportVoucherData(db, { userId, email: person.email }) : [];
}

/** Each receipt as it reads, rebuilt from the ledger (the lines as sold). */
async function receiptsOf(services: AppServices, userId: string) {
  const paid = await services.database.db
    .select({ id: purchases.id, status: purchases.status })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  const receipts: { orderId: string; subject: string; text: string }[] = [];
  for (const order of paid.filter((p) => p.status === "paid" || p.status === "refunded")) {
    const message = await buildReceipt(services, order.id);
    if (message) receipts.push({ orderId: order.id, subject: message.subject, text: message.text });
  }
  return receipts;
}
