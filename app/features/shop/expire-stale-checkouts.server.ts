import { and, eq, inArray, lt } from "drizzle-orm";
import { purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { LIMITS } from "./model";

/**
 * Closes checkouts left open longer than they may stay open, here and at the provider, so a tab left
 * open for days cannot be paid. A payment that was already on its way is still checked and fulfilled
 * or refunded when it arrives (an expired checkout may still become paid).
 */
export async function expireStaleCheckouts(services: AppServices, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS.checkoutTtlMinutes * 60_000);
  const stale = await services.database.db
    .update(purchases)
    .set({ status: "expired" })
    .where(
      and(
        eq(purchases.status, "pending"),
        lt(purchases.createdAt, cutoff),
        inArray(purchases.provider, ["stripe", "demo"]),
      ),
    )
    .returning({ ref: purchases.providerRef });
  const provider = getPaymentProvider(services);
  for (const { ref } of stale) {
    if (!ref) continue;
    await provider
      .expireCheckout(ref)
      .catch((error: unknown) => services.logger.warn({ err: error, ref }, "could not close a stale checkout"));
  }
  if (stale.length > 0) services.logger.info({ expired: stale.length }, "stale checkouts closed");
  return stale.length;
}
