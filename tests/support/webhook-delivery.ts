import type { startFakeStripe } from "./fake-stripe";
import { isConnectionError } from "./write-load";

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/**
 * Delivers a signed Stripe event to a server as Stripe would. Resolves with the HTTP status, or
 * "no answer" when the connection died first (Stripe then retries later).
 */
export async function deliverWebhook(origin: string, fake: FakeStripe, event: unknown): Promise<number | "no answer"> {
  const payload = JSON.stringify(event);
  try {
    const res = await fetch(`${origin}/api/webhooks/stripe`, {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": fake.sign(payload) },
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    if (isConnectionError(error)) return "no answer";
    throw error;
  }
}
