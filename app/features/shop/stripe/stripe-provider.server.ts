import Stripe from "stripe";
import type { Env } from "~/lib/env.server";
import { LIMITS } from "../model";
import {
  CheckoutError,
  type CheckoutLine,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderEvent,
  RefundError,
  type SubscriptionState,
  WebhookSignatureError,
} from "../payment-provider.server";

export function createStripeClient(env: Env): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "sacred-healing-shop" },
    // Tests point the SDK at a local fake Stripe API.
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });
}

const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState | null {
  const userId = subscription.metadata?.userId;
  if (!userId) return null;
  // Since API version 2025-03-31 the period lives on the items.
  const ends = subscription.items?.data?.map((item) => item.current_period_end).filter(Boolean) ?? [];
  const periodEnd = ends.length ? new Date(Math.max(...ends) * 1000) : null;
  return {
    provider: "stripe",
    userId,
    customerId: idOf(subscription.customer as string | { id: string }),
    subscriptionId: subscription.id,
    live: LIVE_STATUSES.has(subscription.status),
    periodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || Boolean(subscription.cancel_at),
  };
}

function paidCheckoutEvent(session: Stripe.Checkout.Session, subscription?: SubscriptionState | null): PaymentEvent {
  const userId = session.client_reference_id ?? session.metadata?.userId;
  const productIds = (session.metadata?.productIds ?? "").split(",").filter(Boolean);
  if (!userId || productIds.length === 0) return { kind: "ignored", type: "checkout.session (not ours)" };
  if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") {
    return { kind: "ignored", type: `checkout.session (${session.payment_status})` };
  }
  return {
    kind: "checkout.paid",
    checkout: {
      provider: "stripe",
      ref: session.id,
      userId,
      productIds,
      totalCents: session.amount_total ?? 0,
      paymentRef: idOf(session.payment_intent as string | { id: string } | null),
      consentAt: session.metadata?.consentAt ?? null,
      mode: session.mode === "subscription" ? "subscription" : "payment",
      subscriptionId: idOf(session.subscription as string | { id: string } | null),
    },
    subscription: subscription ?? undefined,
  };
}

/** Stripe's event, reduced to what our fulfilment acts on. The payload is trusted only after verification. */
export function translateStripeEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return paidCheckoutEvent(event.data.object);
    case "checkout.session.async_payment_failed":
      return { kind: "checkout.failed", provider: "stripe", ref: event.data.object.id };
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const state = subscriptionState(event.data.object);
      if (!state) return { kind: "ignored", type: event.type };
      if (event.type === "customer.subscription.deleted") state.live = false;
      return { kind: "subscription.changed", subscription: state };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentRef = idOf(charge.payment_intent as string | { id: string } | null);
      // Our own refunds come back here too: the ledger records only what it did not make (decision 040).
      // Refunded in full, everything left goes; in part, what Stripe has refunded in all is compared.
      const part = typeof charge.amount_refunded === "number" ? charge.amount_refunded : 0;
      if (!paymentRef || (!charge.refunded && part === 0)) return { kind: "ignored", type: event.type };
      return {
        kind: "payment.reversed",
        provider: "stripe",
        paymentRef,
        reason: "refund",
        refundedCents: charge.refunded ? undefined : part,
      };
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
      if (!subscriptionId) return { kind: "ignored", type: event.type };
      return {
        kind: "subscription.payment_failed",
        provider: "stripe",
        subscriptionId,
        amountCents: invoice.amount_due,
      };
    }
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const paymentRef = idOf(dispute.payment_intent as string | { id: string } | null);
      if (dispute.status !== "lost" || !paymentRef) return { kind: "ignored", type: event.type };
      return { kind: "payment.reversed", provider: "stripe", paymentRef, reason: "dispute" };
    }
    default:
      return { kind: "ignored", type: event.type };
  }
}

export const HANDLED_STRIPE_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
  "charge.dispute.closed",
  "invoice.payment_failed",
] as const;

export function createStripeProvider(env: Env): PaymentProvider {
  const stripe = createStripeClient(env);
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  const successUrl = `${env.PUBLIC_URL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${env.PUBLIC_URL}/products?checkout=cancelled`;

  const lineItem = (line: CheckoutLine): Stripe.Checkout.SessionCreateParams.LineItem => ({
    quantity: 1,
    price_data: { currency: "gbp", unit_amount: line.unitAmountCents, product_data: { name: line.title } },
  });

  return {
    name: "stripe",
    checkoutHosts: () => ["checkout.stripe.com"],

    async createCheckout(input) {
      const metadata = {
        userId: input.user.id,
        purchaseId: input.purchaseId,
        productIds: input.lines.map((l) => l.productId).join(","),
        consentAt: input.consentAt,
      };
      const customer = input.user.customerId
        ? { customer: input.user.customerId }
        : { customer_email: input.user.email };
      let params: Stripe.Checkout.SessionCreateParams;
      if (input.mode === "subscription") {
        if (!env.STRIPE_PRICE_DIGITAL_ACCESS) throw new CheckoutError("Invalid subscription configuration");
        params = {
          mode: "subscription",
          line_items: [{ price: env.STRIPE_PRICE_DIGITAL_ACCESS, quantity: 1 }],
          subscription_data: { metadata: { userId: input.user.id } },
        };
      } else {
        params = {
          mode: "payment",
          line_items: input.lines.map(lineItem),
          payment_intent_data: { metadata },
        };
        if (input.discount && input.discount.amountCents > 0) {
          // Our server priced the code (its limits, expiry and products are ours); Stripe is told
          // exactly what to take off, as a one-use coupon named after the code the buyer sees.
          const coupon = await stripe.coupons.create(
            {
              amount_off: input.discount.amountCents,
              currency: "gbp",
              duration: "once",
              max_redemptions: 1,
              name: input.discount.code,
              metadata: { purchaseId: input.purchaseId, code: input.discount.code },
            },
            { idempotencyKey: `coupon-${input.purchaseId}` },
          );
          params.discounts = [{ coupon: coupon.id }];
        }
      }
      const session = await stripe.checkout.sessions.create(
        {
          ...params,
          ...customer,
          client_reference_id: input.user.id,
          metadata,
          success_url: input.returnPath
            ? `${env.PUBLIC_URL}${input.returnPath}?session_id={CHECKOUT_SESSION_ID}`
            : successUrl,
          cancel_url: input.cancelPath ? `${env.PUBLIC_URL}${input.cancelPath}?checkout=cancelled` : cancelUrl,
          // Closes with our pending purchase, so a checkout left open cannot be paid much later.
          expires_at: Math.floor(Date.now() / 1000) + LIMITS.checkoutTtlMinutes * 60,
        },
        // One checkout per purchase id, even if our request is retried.
        { idempotencyKey: `checkout-${input.purchaseId}` },
      );
      if (!session.url) throw new CheckoutError("No payment URL received");
      return { ref: session.id, url: session.url };
    },

    async retrieveCheckout(ref) {
      if (!/^cs_[A-Za-z0-9_]+$/.test(ref)) return null;
      const session = await stripe.checkout.sessions.retrieve(ref, { expand: ["subscription"] });
      const subscription =
        session.subscription && typeof session.subscription === "object"
          ? subscriptionState(session.subscription)
          : null;
      return paidCheckoutEvent(session, subscription);
    },

    async createPortalUrl(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return portal.url;
    },

    async parseWebhook(rawBody, signature) {
      if (!webhookSecret) throw new WebhookSignatureError("No webhook secret configured");
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
      }
      return { id: event.id, type: event.type, event: translateStripeEvent(event) };
    },

    async refund({ key, purchaseId, paymentRef, amountCents }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentRef,
            ...(amountCents !== undefined ? { amount: amountCents } : {}),
            reason: "requested_by_customer",
            metadata: { purchaseId },
          },
          { idempotencyKey: `refund-${key}` },
        );
        return refund.id;
      } catch (error) {
        // Already refunded in the Stripe Dashboard: the purchase should say so here too.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded")
          return "already-refunded";
        // Stripe said no (a 4xx): a refusal to report. Anything else (an outage) is left to a retry.
        if (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode < 500) {
          throw new RefundError(error.message);
        }
        throw error;
      }
    },

    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` });
    },

    async endSubscriptionAtPeriodEnd(subscriptionId) {
      // The webhook that follows (customer.subscription.updated) records it, as the portal's would.
      await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `leave-${subscriptionId}` },
      );
    },

    async expireCheckout(ref) {
      if (!/^cs_[A-Za-z0-9_]+$/.test(ref)) return;
      try {
        await stripe.checkout.sessions.expire(ref);
      } catch (error) {
        // Completed (its payment is on its way to the webhook) or already expired: nothing to close.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },

    async listRecentEvents() {
      const events: ProviderEvent[] = [];
      // Stripe keeps events for 30 days; the last three days cover any outage we would notice.
      const since = Math.floor(Date.now() / 1000) - 3 * 24 * 3600;
      for await (const event of stripe.events.list({
        created: { gte: since },
        types: [...HANDLED_STRIPE_EVENTS],
        limit: 100,
      })) {
        events.push({ id: event.id, type: event.type, event: translateStripeEvent(event) });
        if (events.length >= 1000) break;
      }
      return events.reverse();
    },
  };
}

/** Start-up check: the Price Stripe charges for Digital Access should match the price we display. */
export async function digitalAccessPriceMismatch(env: Env, displayedCents: number): Promise<string | null> {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PRICE_DIGITAL_ACCESS) return null;
  const price = await createStripeClient(env).prices.retrieve(env.STRIPE_PRICE_DIGITAL_ACCESS);
  const problems: string[] = [];
  if (price.unit_amount !== displayedCents)
    problems.push(`charges ${price.unit_amount} pence, page shows ${displayedCents}`);
  if (price.currency !== "gbp") problems.push(`currency is ${price.currency}`);
  if (price.recurring?.interval !== "month") problems.push(`interval is ${price.recurring?.interval ?? "one-off"}`);
  return problems.length ? `Stripe price ${price.id} ${problems.join("; ")}` : null;
}
