import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Transaction } from "~/lib/db/client.server";
import { orderLines, purchases, refunds } from "~/lib/db/schema.server";
import type { PaymentEvent } from "../payment-provider.server";
import { refundableCents } from "./allocate-refund";
import { recordRefund } from "./record-refund.server";

/**
 * The provider says money went back without us (a refund from the Stripe Dashboard, a dispute
 * lost): what it refunded beyond the refunds we made is recorded as an `external` refund, within
 * what the lines have left (the provider's own echo of our refunds adds nothing). Once nothing is
 * left the order is refunded and what it gave ends.
 */
export async function recordReversal(tx: Transaction, event: Extract<PaymentEvent, { kind: "payment.reversed" }>) {
  const orders = await tx
    .select({ id: purchases.id, status: purchases.status, totalAmountCents: purchases.totalAmountCents })
    .from(purchases)
    .where(and(eq(purchases.provider, event.provider), eq(purchases.paymentRef, event.paymentRef)))
    .for("update");
  for (const order of orders) {
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.purchaseId, order.id))
      .orderBy(asc(orderLines.position))
      .for("update");
    // The provider returns card money only: what a gift voucher paid of the order is not its to return
    // (decision 048), so the card's part is the limit, and the order ends once the card has nothing left.
    const [card] = await tx
      .select({
        back: sql<number>`coalesce(sum(${refunds.amountCents} - ${refunds.voucherCents}), 0)::int`,
      })
      .from(refunds)
      .where(and(eq(refunds.purchaseId, order.id), ne(refunds.status, "failed")));
    const ours = card?.back ?? 0;
    const cardLeft = Math.max(0, order.totalAmountCents - ours);
    const left = Math.min(refundableCents(lines), cardLeft);
    const reversed = event.refundedCents === undefined ? left : Math.min(left, event.refundedCents - ours);
    if (reversed > 0)
      await recordRefund(tx, { purchaseId: order.id, reason: "external", amountCents: reversed, external: true });
    if (left - Math.max(0, reversed) <= 0) {
      const now = new Date();
      await tx.update(orderLines).set({ endedAt: now }).where(eq(orderLines.purchaseId, order.id));
      await tx
        .update(purchases)
        .set({ status: "refunded", refundedAt: now })
        .where(and(eq(purchases.id, order.id), eq(purchases.status, "paid")));
    }
  }
}
