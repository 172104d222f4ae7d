import type { AppServices } from "~/lib/services.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { handlePaymentEvent } from "./handle-payment-event.server";
import { WebhookSignatureError } from "./payment-provider.server";

const MAX_BODY = 512 * 1024;

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw body before anything is parsed or
 * written; a forged, altered or stale delivery gets 400 and changes nothing. Stripe retries on any
 * non-2xx, so a failure while handling answers 500 and the event comes again.
 */
export async function receiveStripeWebhook(services: AppServices, request: Request): Promise<Response> {
  const provider = getPaymentProvider(services);
  if (provider.name !== "stripe") return Response.json({ error: "Not found" }, { status: 404 });
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY) return Response.json({ error: "Payload too large" }, { status: 413 });
  const rawBody = await request.text();
  if (rawBody.length > MAX_BODY) return Response.json({ error: "Payload too large" }, { status: 413 });

  let parsed: Awaited<ReturnType<typeof provider.parseWebhook>>;
  try {
    parsed = await provider.parseWebhook(rawBody, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      services.logger.warn({ reason: error.message }, "webhook refused: bad signature");
      return Response.json({ error: "Invalid signature" }, { status: 400 });
    }
    throw error;
  }
  const result = await handlePaymentEvent(services, {
    eventId: parsed.id,
    eventType: parsed.type,
    event: parsed.event,
  });
  return Response.json({ received: true, outcome: result.outcome });
}
