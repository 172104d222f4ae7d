import { eq } from "drizzle-orm";
import { orderLines, purchases, voucherEntries, vouchers } from "~/lib/db/schema.server";
import { writeOrderLines } from "../ledger/write-order-lines.server";
import type { SoldLineKind } from "../line-kinds.server";
import { deliverDueVouchers, sendVoucherToBuyer } from "./send-voucher.server";
import { VOUCHER_LINE_PREFIX, voucherExpiry, voucherLineId } from "./voucher-model";

/**
 * Gift vouchers as the shop sells them, through its own line-kind contract (decision 040, 048): a
 * payment names the voucher it is for; it issues the voucher's value (what its line took) in the
 * payment's transaction, once. Registered with booking's kind in `app/line-kinds.server.ts`.
 */
export const voucherLineKind: SoldLineKind = {
  prefix: VOUCHER_LINE_PREFIX,
  // A voucher's sale is refunded by the owner (Orders), told by the shop's own refund e-mail.
  refundReasons: [],
  async fulfil(tx, checkout, existing) {
    const voucherId = checkout.productIds
      .find((id) => id.startsWith(VOUCHER_LINE_PREFIX))
      ?.slice(VOUCHER_LINE_PREFIX.length);
    if (!voucherId) return null;
    const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for("update");
    if (!voucher || voucher.buyerUserId !== checkout.userId || !voucher.purchaseId) return null;
    const purchaseId = existing?.id ?? voucher.purchaseId;
    const now = new Date();
    const values = {
      status: "paid" as const,
      totalAmountCents: checkout.totalCents,
      paymentRef: checkout.paymentRef,
      paidAt: now,
    };
    if (existing) await tx.update(purchases).set(values).where(eq(purchases.id, existing.id));
    else {
      await tx
        .insert(purchases)
        .values({
          id: purchaseId,
          userId: checkout.userId,
          provider: checkout.provider,
          providerRef: checkout.ref,
          productIds: [],
          ...values,
        })
        .onConflictDoNothing();
    }
    await writeOrderLines(tx, purchaseId, [
      { kind: "voucher", voucherId, title: `Gift voucher`, amountCents: checkout.totalCents },
    ]);
    if (voucher.status === "pending") {
      const [line] = await tx
        .select({ amountCents: orderLines.amountCents })
        .from(orderLines)
        .where(eq(orderLines.voucherId, voucherId));
      // Valid for 12 months from the day it was paid for (her Refund Policy).
      await tx
        .update(vouchers)
        .set({ status: "active", expiresAt: voucherExpiry(now) })
        .where(eq(vouchers.id, voucherId));
      await tx.insert(voucherEntries).values({
        id: crypto.randomUUID(),
        voucherId,
        kind: "issue",
        amountCents: line?.amountCents ?? voucher.valueCents,
        purchaseId,
      });
    }
    return { purchaseId, outcome: "paid", refundIds: [], subject: voucherId };
  },
  async afterPaid(services, fulfilment) {
    // The buyer's copy (with the printable voucher) now; the recipient's on the chosen day, or now.
    await sendVoucherToBuyer(services, fulfilment.subject);
    await deliverDueVouchers(services, new Date());
  },
  async afterRefund() {
    return false;
  },
  checkoutIdOf: (line) => (line.kind === "voucher" && line.voucherId ? voucherLineId(line.voucherId) : null),
  async describeLines() {
    return new Map();
  },
  async upkeep(services, now) {
    return { vouchersSent: await deliverDueVouchers(services, now) };
  },
};
