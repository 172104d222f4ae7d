import type { Env } from "~/lib/env.server";
import type { PaymentProvider } from "../payment-provider.server";

/**
 * The Stripe provider, with the Stripe SDK loaded on its first use rather than at start (about 20-35 MB
 * of memory a demo-mode or not-yet-busy server never needs; decision 027). The same provider otherwise.
 */
export function createLazyStripeProvider(env: Env): PaymentProvider {
  let loading: Promise<PaymentProvider> | undefined;
  const provider = () => {
    loading ??= import("./stripe-provider.server").then((module) => module.createStripeProvider(env));
    return loading;
  };
  return {
    name: "stripe",
    checkoutHosts: () => ["checkout.stripe.com"],
    createCheckout: async (input) => (await provider()).createCheckout(input),
    retrieveCheckout: async (ref) => (await provider()).retrieveCheckout(ref),
    createPortalUrl: async (customerId, returnUrl) => (await provider()).createPortalUrl(customerId, returnUrl),
    parseWebhook: async (rawBody, signature) => (await provider()).parseWebhook(rawBody, signature),
    listRecentEvents: async () => (await provider()).listRecentEvents(),
    refund: async (input) => (await provider()).refund(input),
    expireCheckout: async (ref) => (await provider()).expireCheckout(ref),
    cancelSubscription: async (subscriptionId) => (await provider()).cancelSubscription(subscriptionId),
    endSubscriptionAtPeriodEnd: async (subscriptionId) => (await provider()).endSubscriptionAtPeriodEnd(subscriptionId),
  };
}
