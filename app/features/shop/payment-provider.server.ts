import type { PaymentProviderName } from "./model";

/**
 * What the shop needs from a payment provider. Stripe and the demo provider implement it; feature
 * code never talks to Stripe directly.
 */
export type CheckoutLine = { productId: string; title: string; unitAmountCents: number };

export type CreateCheckoutInput = {
  mode: "payment" | "subscription";
  /** Our purchase id, also the demo provider's reference. */
  purchaseId: string;
  user: { id: string; email: string; customerId?: string | null | undefined };
  /** The lines at their prices before any discount. */
  lines: CheckoutLine[];
  /** What is charged: the lines less the discount. */
  totalCents: number;
  /** A discount code applied by our server (decision 033): the provider takes exactly this much off. */
  discount?: { code: string; amountCents: number } | undefined;
  consentAt: string;
  /** Where the buyer lands after paying or cancelling (a booked session's page); the shop's pages otherwise. */
  returnPath?: string | undefined;
  cancelPath?: string | undefined;
};

/** A payment the provider says succeeded, in our terms. */
export type PaidCheckout = {
  provider: PaymentProviderName;
  ref: string;
  userId: string;
  productIds: string[];
  totalCents: number;
  paymentRef: string | null;
  consentAt: string | null;
  mode: "payment" | "subscription";
  /** The subscription a subscription-mode checkout started. */
  subscriptionId?: string | null;
  /**
   * Nothing has been charged yet, so a payment that could not be fully delivered is refused rather
   * than taken and refunded (the demo page's Pay). A card payment arrives already taken.
   */
  refusable?: boolean;
};

export type SubscriptionState = {
  provider: PaymentProviderName;
  userId: string;
  customerId: string | null;
  subscriptionId: string;
  /** Whether the provider still counts the subscription live (active, trialing, past_due). */
  live: boolean;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** A provider event translated into what fulfilment acts on. */
export type PaymentEvent =
  | { kind: "checkout.paid"; checkout: PaidCheckout; subscription?: SubscriptionState | undefined }
  | { kind: "checkout.failed"; provider: PaymentProviderName; ref: string }
  | { kind: "subscription.changed"; subscription: SubscriptionState }
  | {
      kind: "payment.reversed";
      provider: PaymentProviderName;
      paymentRef: string;
      reason: "refund" | "dispute";
      /** For a part refund: all the provider has refunded of the payment so far, ours included (absent: all of it). */
      refundedCents?: number | undefined;
    }
  /** A membership's monthly payment was declined (the provider will try again). */
  | { kind: "subscription.payment_failed"; provider: PaymentProviderName; subscriptionId: string; amountCents: number }
  | { kind: "ignored"; type: string };

export type ProviderEvent = { id: string; type: string; event: PaymentEvent };

export interface PaymentProvider {
  readonly name: "stripe" | "demo";
  /** Hosts the browser may be sent to for checkout (spec §5 Payment URL). */
  checkoutHosts(publicUrl: string): string[];
  createCheckout(input: CreateCheckoutInput): Promise<{ ref: string; url: string }>;
  /** Asks the provider about a checkout (success page: the webhook may be late). */
  retrieveCheckout(ref: string): Promise<PaymentEvent | null>;
  /** Where a member manages the plan; null when the provider has no portal (demo). */
  createPortalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /** Verifies and parses a webhook; throws WebhookSignatureError when it is not genuine. */
  parseWebhook(rawBody: string, signature: string | null): Promise<ProviderEvent>;
  /** Recent events, oldest first, for reconciliation. */
  listRecentEvents(): Promise<ProviderEvent[]>;
  /**
   * Sends money back: the whole payment, or `amountCents` of it. Idempotent per `key`, so a repeated
   * click or a retried refund is made once. Answers the provider's refund reference; throws a
   * RefundError (safe to show) when the provider refuses.
   */
  refund(input: { key: string; purchaseId: string; paymentRef: string; amountCents?: number }): Promise<string>;
  /** Closes an open checkout so it can no longer be paid; a checkout already paid or closed is left alone. */
  expireCheckout(ref: string): Promise<void>;
  /** Ends a subscription at once, so it never renews (one bought by someone already a member). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Stops a subscription renewing: it runs to the end of the period paid for (a member leaving). */
  endSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void>;
}

export class RefundError extends Error {
  override name = "RefundError";
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** A checkout the provider refused; the message is safe to show. */
export class CheckoutError extends Error {
  override name = "CheckoutError";
}
