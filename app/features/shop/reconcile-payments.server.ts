import type { AppServices } from "~/lib/services.server";
import { applyPaymentEvent } from "./apply-payment-event.server";
import { getPaymentProvider } from "./get-payment-provider.server";

/**
 * `npm run payments:reconcile`: replays the provider's recent events through the same idempotent
 * handler as the webhook, so anything a missed or failed delivery left out is repaired and anything
 * already handled is skipped.
 */
export async function reconcilePayments(services: AppServices): Promise<string> {
  const provider = getPaymentProvider(services);
  if (provider.name !== "stripe") return "Demo mode: payments are fulfilled on the spot; nothing to reconcile.";
  const events = await provider.listRecentEvents();
  const counts: Record<string, number> = {};
  for (const event of events) {
    const { outcome } = await applyPaymentEvent(services, {
      eventId: event.id,
      eventType: event.type,
      event: event.event,
    });
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  const summary = Object.entries(counts)
    .map(([outcome, n]) => `${n} ${outcome}`)
    .join(", ");
  return `Replayed ${events.length} events${summary ? `: ${summary}` : ""}.`;
}
