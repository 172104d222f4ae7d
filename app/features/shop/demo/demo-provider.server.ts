import type { Env } from "~/lib/env.server";
import { type PaymentProvider, WebhookSignatureError } from "../payment-provider.server";

/**
 * Demo mode (no Stripe key): checkout is our own /demo-checkout page, and its Pay button runs the
 * same fulfilment as a Stripe webhook. See docs/decisions/020-demo-payment-provider.md.
 */
export function createDemoProvider(env: Env): PaymentProvider {
  return {
    name: "demo",
    checkoutHosts: () => [new URL(env.PUBLIC_URL).host],
    async createCheckout(input) {
      return { ref: input.purchaseId, url: `/demo-checkout/${input.purchaseId}` };
    },
    // The demo page fulfils directly; there is nothing remote to ask.
    async retrieveCheckout() {
      return null;
    },
    async createPortalUrl() {
      return null;
    },
    async parseWebhook() {
      throw new WebhookSignatureError("Demo mode takes no webhooks");
    },
    async listRecentEvents() {
      return [];
    },
    // No money moved, so there is nothing to send back: the refund is simply recorded.
    async refund({ key }) {
      return `demo_re_${key}`;
    },
    // The demo page itself refuses a closed checkout, and a demo membership is only a row of ours.
    async expireCheckout() {},
    async cancelSubscription() {},
    // A demo plan has no provider side: ending it is the row's flag alone (leave-membership.server.ts).
    async endSubscriptionAtPeriodEnd() {},
  };
}
