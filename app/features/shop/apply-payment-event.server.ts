import { and, eq } from "drizzle-orm";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { processedEvents, purchases, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { type Fulfilment, fulfilCheckout } from "./fulfil-checkout.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { readOrderLines } from "./ledger/read-order-lines.server";
import { recordReversal } from "./ledger/record-reversal.server";
import { lineKindOf } from "./line-kinds.server";
import type { PaidCheckout, PaymentEvent } from "./payment-provider.server";
import { memberOfSubscription, sendMembershipNotice, sendOwnerNotice } from "./send-notices.server";
import { sendReceipt } from "./send-receipt.server";
import { settleRefund } from "./settle-refund.server";
import { type MembershipChange, syncSubscription } from "./sync-subscription.server";
import { issueVatInvoice } from "./vat/issue-vat-invoice.server";
import { voucherKeptCents } from "./voucher/voucher-kept.server";

export type PaymentEventOutcome = "duplicate" | "fulfilled" | "already-fulfilled" | "updated" | "ignored";

/**
 * Applies one payment event, from the Stripe webhook, the success page, the demo checkout's Pay
 * button or reconciliation, in one transaction: the event id is recorded once (a redelivery is a
 * no-op), and a paid checkout becomes a purchase in `fulfilCheckout`.
 * See docs/decisions/021-fulfilment-idempotency.md.
 */
export async function applyPaymentEvent(
  services: AppServices,
  input: { eventId?: string | undefined; eventType?: string | undefined; event: PaymentEvent },
): Promise<{ outcome: PaymentEventOutcome }> {
  const { event } = input;
  let paid: { checkout: PaidCheckout; fulfilment: Extract<Fulfilment, { fulfilled: true }> } | null = null;
  // Told only by the transaction that recorded the event and made the change: never on a redelivery.
  let membershipChange: MembershipChange | null = null;
  // Read before the transaction (PGlite: never `db` inside it); kept in memory between saves anyway.
  const seller = event.kind === "checkout.paid" ? await sellerDetails(services.database.db) : null;

  const outcome = await services.database.db.transaction(async (tx): Promise<PaymentEventOutcome> => {
    // PGlite trap: inside this callback only `tx` may be used, never `db`.
    if (input.eventId) {
      const recorded = await tx
        .insert(processedEvents)
        .values({ id: input.eventId, type: input.eventType ?? event.kind })
        .onConflictDoNothing()
        .returning({ id: processedEvents.id });
      if (recorded.length === 0) return "duplicate";
    }
    switch (event.kind) {
      case "checkout.paid": {
        const fulfilment = await fulfilCheckout(tx, event.checkout, event.subscription);
        if (!fulfilment.fulfilled) return "already-fulfilled";
        // The VAT invoice is numbered in the same transaction as the payment: no gap, no double.
        if (seller) await issueVatInvoice(tx, fulfilment.purchaseId, seller);
        paid = { checkout: event.checkout, fulfilment };
        return "fulfilled";
      }
      case "checkout.failed":
        // An asynchronous payment (a bank debit, say) failed: nothing is granted; the pending row says so.
        await tx
          .update(purchases)
          .set({ status: "failed" })
          .where(
            and(
              eq(purchases.provider, event.provider),
              eq(purchases.providerRef, event.ref),
              eq(purchases.status, "pending"),
            ),
          );
        return "updated";
      case "subscription.changed":
        membershipChange = await syncSubscription(tx, event.subscription);
        return "updated";
      case "subscription.payment_failed":
        return "updated";
      case "payment.reversed":
        await recordReversal(tx, event);
        return "updated";
      case "ignored":
        return "ignored";
    }
  });

  if (paid) await afterFulfilment(services, paid);
  if (membershipChange) await sendMembershipNotice(services, membershipChange);
  if (event.kind === "subscription.payment_failed" && outcome === "updated") {
    const userId = await memberOfSubscription(services, event.subscriptionId);
    if (userId) {
      await sendMembershipNotice(services, {
        userId,
        notice: { kind: "payment_failed", amountCents: event.amountCents },
      });
    }
  }
  if (outcome !== "duplicate" && outcome !== "ignored") {
    services.logger.info({ eventId: input.eventId, kind: event.kind, outcome }, "payment event handled");
  }
  return { outcome };
}

/**
 * What follows a sale once it is committed: the receipt for what it gives, the refunds it recorded
 * (sent to the provider, each telling the buyer), and a subscription that must not run. A failure
 * here never undoes the sale; refunds left pending are retried.
 */
async function afterFulfilment(
  services: AppServices,
  { checkout, fulfilment }: { checkout: PaidCheckout; fulfilment: Extract<Fulfilment, { fulfilled: true }> },
) {
  if (fulfilment.kind) await lineKindOf(checkout.productIds)?.afterPaid(services, fulfilment.kind, checkout);
  if (fulfilment.granted.length > 0) {
    await sendReceipt(services, fulfilment.purchaseId);
    await sendSaleNotice(services, fulfilment.purchaseId);
  }
  if (fulfilment.membershipChange) await sendMembershipNotice(services, fulfilment.membershipChange);
  for (const refundId of fulfilment.refundIds) await settleRefund(services, refundId);
  if (fulfilment.cancelSubscriptionId) {
    try {
      await getPaymentProvider(services).cancelSubscription(fulfilment.cancelSubscriptionId);
    } catch (error) {
      services.logger.error(
        { err: error, subscriptionId: fulfilment.cancelSubscriptionId },
        "could not cancel a second subscription of a member; cancel it in the Stripe Dashboard",
      );
    }
  }
}

/** The owner's notice of a sale, with what it charged. */
async function sendSaleNotice(services: AppServices, purchaseId: string) {
  const [row] = await services.database.db
    .select({ purchase: purchases, email: user.email })
    .from(purchases)
    .innerJoin(user, eq(user.id, purchases.userId))
    .where(eq(purchases.id, purchaseId));
  if (!row) return;
  const { purchase } = row;
  const lines = (await readOrderLines(services.database.db, [purchase.id])).get(purchase.id) ?? [];
  await sendOwnerNotice(services, {
    kind: "sale",
    orderId: purchase.id,
    buyerEmail: row.email,
    // What the sale kept: a line refunded as it was paid (bought twice) is in the refund's notice.
    lines: lines.filter((line) => !line.endedAt).map((line) => ({ title: line.title, amountCents: line.amountCents })),
    totalCents: lines.filter((line) => !line.endedAt).reduce((sum, line) => sum + line.amountCents, 0),
    voucherCents: await voucherKeptCents(services.database.db, purchase),
  });
}
