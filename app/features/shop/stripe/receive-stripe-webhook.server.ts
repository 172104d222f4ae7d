import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { applyPaymentEvent, type PaymentEventOutcome } from "../apply-payment-event.server";
import { getPaymentProvider } from "../get-payment-provider.server";
import { WebhookSignatureError } from "../payment-provider.server";

/** Stripe's events are small; anything larger is not from Stripe. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw body before anything is parsed or
 * written; a forged, altered or stale delivery is refused (400) and changes nothing. The event
 * payload is trusted only after that. Stripe retries on any non-2xx, so a failure while applying the
 * event answers 500 and the event comes again.
 */
export async function receiveStripeWebhook(
  services: AppServices,
  input: { rawBody: string; signature: string | null },
): Promise<{ outcome: PaymentEventOutcome }> {
  const provider = getPaymentProvider(services);
  if (provider.name !== "stripe") throw new AppError("not_found", "Not found");
  let parsed: Awaited<ReturnType<typeof provider.parseWebhook>>;
  try {
    parsed = await provider.parseWebhook(input.rawBody, input.signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      services.logger.warn({ reason: error.message }, "webhook refused: bad signature");
      throw new AppError("invalid_request", "Invalid signature");
    }
    throw error;
  }
  return applyPaymentEvent(services, { eventId: parsed.id, eventType: parsed.type, event: parsed.event });
}
