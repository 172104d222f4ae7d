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
  lines: CheckoutLine[];
  totalCents: number;
  consentAt: string;
};

/** A payment the provider says succeeded, in our terms. */
export type PaidCheckout = {
  provider: string;
  ref: string;
  userId: string;
  productIds: string[];
  totalCents: number;
  paymentRef: string | null;
  consentAt: string | null;
  mode: "payment" | "subscription";
};

export type SubscriptionState = {
  provider: string;
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
  | { kind: "checkout.failed"; provider: string; ref: string }
  | { kind: "subscription.changed"; subscription: SubscriptionState }
  | { kind: "payment.reversed"; provider: string; paymentRef: string; reason: "refund" | "dispute" }
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
   * Refunds a payment in full. Idempotent per purchase, so a repeated click refunds once. Throws a
   * RefundError (safe to show) when the provider refuses.
   */
  refund(input: { purchaseId: string; paymentRef: string }): Promise<void>;
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
