import { and, eq, ne, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { purchases, refunds, voucherEntries, vouchers } from "~/lib/db/schema.server";
import { voucherMessages } from "./voucher-model";

/**
 * How much of a refund of this order goes back to the gift voucher that paid part of it (decision
 * 048): what the voucher paid comes back to the voucher first, the rest to the card. Decided under the
 * order's line locks (recordRefund), so two refunds of one order are decided one after the other; the
 * database checks the sum when the transaction commits. Money the provider returned by itself (a
 * Dashboard refund, a dispute) was all card money: none of it is the voucher's.
 */
export async function voucherPartOfRefund(
  tx: Transaction,
  input: { purchaseId: string; amountCents: number; external?: boolean | undefined },
): Promise<number> {
  if (input.external) return 0;
  const [order] = await tx
    .select({ voucherCents: purchases.voucherCents })
    .from(purchases)
    .where(eq(purchases.id, input.purchaseId));
  if (!order || order.voucherCents === 0) return 0;
  const [given] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.voucherCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.purchaseId, input.purchaseId), ne(refunds.status, "failed")));
  return Math.max(0, Math.min(input.amountCents, order.voucherCents - (given?.cents ?? 0)));
}

/**
 * Puts a refund's voucher part back on the voucher, once (a unique index per refund), when the refund
 * is made. A voucher past its date or voided still gets it back; the owner can extend it.
 */
export async function restoreToVoucher(
  tx: Transaction,
  refund: { id: string; purchaseId: string; voucherCents: number },
): Promise<void> {
  if (refund.voucherCents <= 0) return;
  const [hold] = await tx
    .select({ voucherId: voucherEntries.voucherId })
    .from(voucherEntries)
    .where(and(eq(voucherEntries.purchaseId, refund.purchaseId), eq(voucherEntries.kind, "redeem")));
  if (!hold) return;
  await tx
    .insert(voucherEntries)
    .values({
      id: crypto.randomUUID(),
      voucherId: hold.voucherId,
      kind: "restore",
      amountCents: refund.voucherCents,
      purchaseId: refund.purchaseId,
      refundId: refund.id,
    })
    .onConflictDoNothing();
}

/**
 * A refund of a voucher's sale takes the voucher back (issue 25 item 6): refundable while unspent, so
 * the whole balance must be there and nothing held; it is then `refunded` and its balance cancelled.
 * Money the provider returned by itself (a dispute) cancels whatever is left, spent or not.
 */
export async function cancelSoldVoucher(
  tx: Transaction,
  input: { purchaseId: string; refundId: string; external?: boolean | undefined },
): Promise<void> {
  const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.purchaseId, input.purchaseId)).for("update");
  if (!voucher || voucher.status === "refunded") return;
  if (!input.external && (voucher.balanceCents < voucher.valueCents || voucher.status !== "active")) {
    throw new AppError("conflict", voucherMessages.spent, "Refund");
  }
  await tx.update(vouchers).set({ status: "refunded" }).where(eq(vouchers.id, voucher.id));
  if (voucher.balanceCents > 0) {
    await tx.insert(voucherEntries).values({
      id: crypto.randomUUID(),
      voucherId: voucher.id,
      kind: "cancel",
      amountCents: -voucher.balanceCents,
      purchaseId: input.purchaseId,
      refundId: input.refundId,
    });
  }
}

/** The provider refused a voucher sale's refund: the voucher is given back its balance, as it was. */
export async function reissueCancelledVoucher(tx: Transaction, refundId: string): Promise<void> {
  const [cancel] = await tx
    .select()
    .from(voucherEntries)
    .where(and(eq(voucherEntries.refundId, refundId), eq(voucherEntries.kind, "cancel")));
  if (!cancel) return;
  await tx.update(vouchers).set({ status: "active" }).where(eq(vouchers.id, cancel.voucherId));
  await tx.insert(voucherEntries).values({
    id: crypto.randomUUID(),
    voucherId: cancel.voucherId,
    kind: "reissue",
    amountCents: -cancel.amountCents,
    purchaseId: cancel.purchaseId,
    refundId,
  });
}
