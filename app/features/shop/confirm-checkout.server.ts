import { and, eq } from "drizzle-orm";
import { purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { applyPaymentEvent } from "./apply-payment-event.server";
import { getPaymentProvider } from "./get-payment-provider.server";

/**
 * The success page: asks the provider about the checkout, so a buyer whose webhook is late still
 * sees the purchase. Only the buyer's own checkout is fulfilled from here.
 */
export async function confirmCheckout(services: AppServices, userId: string, ref: string) {
  const provider = getPaymentProvider(services);
  try {
    const event = await provider.retrieveCheckout(ref);
    if (event?.kind === "checkout.paid" && event.checkout.userId === userId) {
      await applyPaymentEvent(services, { event });
    }
  } catch (error) {
    // The webhook will still arrive; the page says the payment is being confirmed.
    services.logger.warn({ err: error, ref }, "could not confirm checkout with the provider");
  }
  const [row] = await services.database.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, provider.name), eq(purchases.providerRef, ref), eq(purchases.userId, userId)));
  return row ? { id: row.id, status: row.status, productIds: row.productIds, totalCents: row.totalAmountCents } : null;
}
