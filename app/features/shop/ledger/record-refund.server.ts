import { and, asc, eq, inArray } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { orderLines, refundLines, refunds } from "~/lib/db/schema.server";
import type { RefundReason } from "../model";
import { cancelSoldVoucher, voucherPartOfRefund } from "../voucher/return-to-voucher.server";
import { allocateRefund } from "./allocate-refund";

export type RefundRequest = {
  purchaseId: string;
  reason: RefundReason;
  /** What to give back, in pence; more than the lines have left is refused. */
  amountCents: number;
  /** The lines it is for (all of the order's when absent), filled in this order. */
  lineIds?: readonly string[] | undefined;
  /** The booked session it is for: one refund per session, whoever asks and however often. */
  bookingId?: string | null | undefined;
  /** For the buyer's e-mail: the catalogue products it is for. */
  productIds?: readonly string[] | undefined;
  /** Money that already went back without us (a Stripe Dashboard refund, a dispute): recorded as made. */
  external?: boolean | undefined;
};

export const ledgerMessages = {
  overRefund: "This refund is more than is left to refund on this order.",
} as const;

/**
 * Records a refund and its allocation to the order's lines, in the caller's transaction (decision
 * 040). The lines are locked first, so two refunds of one order are decided one after the other;
 * the database's check on each line (refunded ≤ taken) is the net under that, whichever path or
 * process writes. Returns the new refund's id, or null when this refund was recorded before (the
 * unique indexes on a session's refund and on one refund per order and reason) or is for nothing.
 */
export async function recordRefund(tx: Transaction, request: RefundRequest): Promise<string | null> {
  if (request.amountCents <= 0) return null;
  const lines = await tx
    .select({
      id: orderLines.id,
      kind: orderLines.kind,
      amountCents: orderLines.amountCents,
      refundedCents: orderLines.refundedCents,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.purchaseId, request.purchaseId),
        request.lineIds ? inArray(orderLines.id, [...request.lineIds]) : undefined,
      ),
    )
    .orderBy(asc(orderLines.position))
    .for("update");
  const ordered = request.lineIds ? request.lineIds.flatMap((id) => lines.filter((line) => line.id === id)) : lines;
  const allocations = allocateRefund(ordered, request.amountCents);
  const allocated = allocations.reduce((sum, a) => sum + a.amountCents, 0);
  if (allocated < request.amountCents) throw new AppError("conflict", ledgerMessages.overRefund, "Refund");

  const id = crypto.randomUUID();
  // What a gift voucher paid of the order goes back to it, not to a card (decision 048).
  const voucherCents = await voucherPartOfRefund(tx, request);
  const [row] = await tx
    .insert(refunds)
    .values({
      id,
      purchaseId: request.purchaseId,
      amountCents: request.amountCents,
      productIds: [...(request.productIds ?? [])],
      reason: request.reason,
      bookingId: request.bookingId ?? null,
      voucherCents,
      ...(request.external ? { status: "succeeded" as const, completedAt: new Date() } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  if (!row) return null;
  await tx.insert(refundLines).values(allocations.map((a) => ({ refundId: id, ...a })));
  // Refunding a voucher's sale takes the voucher back, refused once any of it was spent.
  const voucherLine = ordered.find((line) => line.kind === "voucher");
  if (voucherLine && allocations.some((a) => a.lineId === voucherLine.id)) {
    await cancelSoldVoucher(tx, { purchaseId: request.purchaseId, refundId: id, external: request.external });
  }
  return id;
}
