import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { paymentInnerMessages } from "./model";
import { CheckoutError } from "./payment-provider.server";

/**
 * A checkout the payment provider could not open, after its holds are let go: logged with what was
 * being bought, and the buyer told the provider's own reason when it gave one (a `CheckoutError`),
 * else `fallback`, under the spec's `title`.
 */
export function checkoutFailed(
  services: AppServices,
  provider: { name: string },
  error: unknown,
  what: string,
  { fallback = paymentInnerMessages.failed, title = "Payment Error" }: { fallback?: string; title?: string } = {},
): AppError {
  services.logger.error({ err: error, provider: provider.name }, `${what} checkout creation failed`);
  return new AppError("provider_failed", error instanceof CheckoutError ? error.message : fallback, title);
}
