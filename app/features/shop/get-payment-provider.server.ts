import type { AppServices } from "~/lib/services.server";
import { createDemoProvider } from "./demo/demo-provider.server";
import type { PaymentProvider } from "./payment-provider.server";
import { createLazyStripeProvider } from "./stripe/lazy-stripe-provider.server";

const providers = new WeakMap<AppServices, PaymentProvider>();

/** Stripe when STRIPE_SECRET_KEY is set, else the demo provider; one per process. */
export function getPaymentProvider(services: AppServices): PaymentProvider {
  let provider = providers.get(services);
  if (!provider) {
    provider = services.env.STRIPE_SECRET_KEY
      ? createLazyStripeProvider(services.env)
      : createDemoProvider(services.env);
    providers.set(services, provider);
  }
  return provider;
}
