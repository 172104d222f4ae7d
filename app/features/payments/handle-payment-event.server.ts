import { and, eq, sql } from "drizzle-orm";
import { MEMBERSHIP_TIER } from "~/features/catalogue/product-labels";
import { CONSENT_WORDING } from "~/features/checkout/checkout-schemas";
import type { Database } from "~/lib/db/client.server";
import { processedEvents, purchases, subscribers, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import type { PaidCheckout, PaymentEvent, SubscriptionState } from "./payment-provider.server";
import { receiptEmail } from "./receipt-email";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type HandleResult = { outcome: "duplicate" | "fulfilled" | "already-fulfilled" | "updated" | "ignored" };

/**
 * The one place a payment becomes a purchase, used by the Stripe webhook, the success page, the
 * demo checkout's Pay button and reconciliation. Everything happens in one transaction: the event id
 * is recorded once (a redelivery is a no-op) and the purchase row is keyed by (provider, checkout
 * reference), so however many deliveries race, one sale becomes exactly one paid row.
 * See docs/decisions/021-fulfilment-idempotency.md.
 */
export async function handlePaymentEvent(
  services: AppServices,
  input: { eventId?: string | undefined; eventType?: string | undefined; event: PaymentEvent },
): Promise<HandleResult> {
  const { db } = services.database;
  const { event } = input;
  let receiptFor: PaidCheckout | null = null;

  const outcome = await db.transaction(async (tx): Promise<HandleResult["outcome"]> => {
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
        if (event.subscription) await syncSubscription(tx, event.subscription);
        const fulfilled = await fulfilCheckout(tx, event.checkout);
        if (fulfilled) receiptFor = event.checkout;
        return fulfilled ? "fulfilled" : "already-fulfilled";
      }
      case "checkout.failed": {
        // An async payment (e.g. bank debit) failed: nothing is granted; the pending row says so.
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
      }
      case "subscription.changed":
        await syncSubscription(tx, event.subscription);
        return "updated";
      case "payment.reversed":
        await tx
          .update(purchases)
          .set({ status: "refunded", refundedAt: new Date() })
          .where(and(eq(purchases.provider, event.provider), eq(purchases.paymentRef, event.paymentRef)));
        return "updated";
      case "ignored":
        return "ignored";
    }
  });

  if (receiptFor) await sendReceipt(services, receiptFor);
  if (outcome !== "duplicate" && outcome !== "ignored") {
    services.logger.info({ eventId: input.eventId, kind: event.kind, outcome }, "payment event handled");
  }
  return { outcome };
}

/** Inserts the paid purchase, or turns our pending row paid; false when it was already paid. */
async function fulfilCheckout(tx: Tx, checkout: PaidCheckout): Promise<boolean> {
  const consent = checkout.consentAt ? { at: checkout.consentAt, wording: CONSENT_WORDING } : null;
  const rows = await tx
    .insert(purchases)
    .values({
      id: crypto.randomUUID(),
      userId: checkout.userId,
      status: "paid",
      totalAmountCents: checkout.totalCents,
      productIds: checkout.productIds,
      provider: checkout.provider,
      providerRef: checkout.ref,
      paymentRef: checkout.paymentRef,
      consent,
    })
    .onConflictDoUpdate({
      target: [purchases.provider, purchases.providerRef],
      set: {
        status: "paid",
        totalAmountCents: checkout.totalCents,
        paymentRef: checkout.paymentRef,
        consent: sql`coalesce(${purchases.consent}, excluded.consent)`,
      },
      setWhere: sql`${purchases.status} in ('pending', 'failed')`,
    })
    .returning({ id: purchases.id });
  return rows.length > 0;
}

async function syncSubscription(tx: Tx, state: SubscriptionState): Promise<void> {
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, state.userId));
  if (!account) return;
  const values = {
    userId: state.userId,
    subscribed: state.live,
    subscriptionTier: MEMBERSHIP_TIER,
    subscriptionEnd: state.periodEnd,
    provider: state.provider,
    providerCustomerId: state.customerId,
    providerSubscriptionId: state.subscriptionId,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
  await tx
    .insert(subscribers)
    .values({ email: account.email.toLowerCase(), ...values })
    .onConflictDoUpdate({ target: subscribers.email, set: values });
}

async function sendReceipt(services: AppServices, checkout: PaidCheckout) {
  try {
    const { db } = services.database;
    const [account] = await db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, checkout.userId));
    if (!account) return;
    await services.mailer.send(receiptEmail(account, checkout, services.env.PUBLIC_URL));
  } catch (error) {
    // The sale stands whether or not the e-mail goes; the purchase is on /my-purchases.
    services.logger.error({ err: error, ref: checkout.ref }, "receipt e-mail failed");
  }
}
