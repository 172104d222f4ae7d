import { and, eq } from "drizzle-orm";
import { SUBSCRIPTION_ID } from "~/features/catalogue/product-labels";
import { getPaymentProvider } from "~/features/payments/get-payment-provider.server";
import { RefundError } from "~/features/payments/payment-provider.server";
import { purchases, subscribers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { AdminActionError } from "./admin-action-error";

/**
 * Refunds a paid purchase in full through its payment provider (in demo mode at once), then ends
 * the buyer's access to what it bought: the purchase stops counting as paid, and a demo membership
 * ends now. Stripe's `charge.refunded` webhook, arriving later, finds it already refunded.
 */
export async function refundPurchase(services: AppServices, purchaseId: string): Promise<{ totalCents: number }> {
  const { db } = services.database;
  if (purchaseId.length > 100) throw new AdminActionError(404, "This purchase does not exist.");
  const [purchase] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  if (!purchase) throw new AdminActionError(404, "This purchase does not exist.");
  if (purchase.status === "refunded") throw new AdminActionError(409, "This purchase has already been refunded.");
  if (purchase.status !== "paid") throw new AdminActionError(409, "Only paid purchases can be refunded.");
  if (purchase.totalAmountCents === 0) throw new AdminActionError(400, "A free claim has nothing to refund.");

  if (purchase.provider === "stripe") {
    const provider = getPaymentProvider(services);
    if (provider.name !== "stripe") {
      throw new AdminActionError(409, "This purchase was paid through Stripe, which is not configured here.");
    }
    if (!purchase.paymentRef) {
      throw new AdminActionError(
        409,
        "Membership payments are refunded from the Stripe Dashboard; cancelling the subscription there ends the membership.",
      );
    }
    try {
      await provider.refund({ purchaseId: purchase.id, paymentRef: purchase.paymentRef });
    } catch (error) {
      if (error instanceof RefundError) throw new AdminActionError(502, `Stripe refused the refund: ${error.message}`);
      throw error;
    }
  }

  await db.transaction(async (tx) => {
    await tx
      .update(purchases)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, "paid")));
    if (purchase.provider === "demo" && purchase.productIds.includes(SUBSCRIPTION_ID)) {
      await tx
        .update(subscribers)
        .set({ subscribed: false, cancelAtPeriodEnd: false, subscriptionEnd: new Date() })
        .where(eq(subscribers.userId, purchase.userId));
    }
  });
  services.logger.info(
    { purchaseId, provider: purchase.provider, cents: purchase.totalAmountCents },
    "purchase refunded",
  );
  return { totalCents: purchase.totalAmountCents };
}
