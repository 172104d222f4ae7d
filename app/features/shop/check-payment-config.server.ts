import type { AppServices } from "~/lib/services.server";
import { getProduct } from "./get-product.server";
import { SUBSCRIPTION_ID } from "./model";

/** Start-up: warn when the Digital Access price shown differs from the Stripe Price charged. */
export async function checkPaymentConfig(services: AppServices): Promise<void> {
  const { env, logger } = services;
  if (!env.STRIPE_SECRET_KEY) {
    logger.info("payments: demo mode (no STRIPE_SECRET_KEY); no real payment is taken");
    return;
  }
  if (!env.STRIPE_PRICE_DIGITAL_ACCESS) {
    logger.warn("payments: STRIPE_PRICE_DIGITAL_ACCESS is not set; Digital Access cannot be sold");
    return;
  }
  try {
    const plan = await getProduct(services.database.db, SUBSCRIPTION_ID);
    if (!plan) return;
    // The Stripe SDK is loaded only when Stripe is configured (decision 027).
    const { digitalAccessPriceMismatch } = await import("./stripe/stripe-provider.server");
    const mismatch = await digitalAccessPriceMismatch(env, plan.priceCents);
    if (mismatch) logger.warn(`payments: Digital Access price differs from the page: ${mismatch}`);
  } catch (error) {
    logger.warn({ err: error }, "payments: could not check the Digital Access price with Stripe");
  }
}
