import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { applyPaymentEvent } from "../apply-payment-event.server";
import { checkoutMessages } from "../model";
import { cancelDemoCheckout } from "./cancel-demo-checkout.server";
import { getDemoCheckout } from "./get-demo-checkout.server";

/** A demo membership lasts a month from each payment, as a monthly card subscription would. */
const MONTH_MS = 30 * 24 * 3600 * 1000;

/**
 * Pay on the demo page: the same fulfilment a Stripe webhook runs, with the demo provider's own
 * references. Returns the checkout, or null when this user has no such checkout. A closed checkout,
 * or one that would charge for something the buyer already has or that is no longer for sale, is
 * refused (and closed) with nothing charged.
 */
export async function payDemoCheckout(services: AppServices, userId: string, checkoutId: string) {
  const checkout = await getDemoCheckout(services, userId, checkoutId);
  if (!checkout) return null;
  if (checkout.status === "paid") return checkout;
  if (checkout.status === "cancelled" || checkout.status === "expired" || checkout.status === "refunded") {
    throw new AppError("conflict", checkoutMessages.checkoutClosed, "Payment Error");
  }
  try {
    await pay(services, userId, checkout);
  } catch (error) {
    if (error instanceof AppError) await cancelDemoCheckout(services, userId, checkoutId);
    throw error;
  }
  return checkout;
}

async function pay(
  services: AppServices,
  userId: string,
  checkout: NonNullable<Awaited<ReturnType<typeof getDemoCheckout>>>,
) {
  await applyPaymentEvent(services, {
    event: {
      kind: "checkout.paid",
      checkout: {
        provider: "demo",
        ref: checkout.id,
        userId,
        productIds: checkout.productIds,
        totalCents: checkout.totalCents,
        paymentRef: `demo_pi_${checkout.id}`,
        consentAt: checkout.consentAt,
        mode: checkout.isSubscription ? "subscription" : "payment",
        subscriptionId: checkout.isSubscription ? `demo_sub_${checkout.id}` : null,
        refusable: true,
      },
      subscription: checkout.isSubscription
        ? {
            provider: "demo",
            userId,
            customerId: `demo_cus_${userId}`,
            subscriptionId: `demo_sub_${checkout.id}`,
            live: true,
            periodEnd: new Date(Date.now() + MONTH_MS),
            cancelAtPeriodEnd: false,
          }
        : undefined,
    },
  });
}
