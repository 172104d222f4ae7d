import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { purchases, refunds } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { refundRefusal } from "./refund-rules";
import { settleRefund } from "./settle-refund.server";

/**
 * An admin's refund of a paid purchase: what it charged (less anything already refunded) goes back
 * through its provider (in demo mode at once), the buyer is told, and their access to what it bought
 * ends. Recorded once per purchase, so a repeated click settles the same refund rather than making a
 * second; Stripe's `charge.refunded` webhook, arriving later, finds it already refunded.
 */
export async function refundPurchase(services: AppServices, purchaseId: string): Promise<{ totalCents: number }> {
  const { db } = services.database;
  const [purchase] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  if (!purchase) throw new AppError("not_found", "This purchase does not exist.");
  const refusal = refundRefusal(purchase, getPaymentProvider(services).name);
  if (refusal) throw refusal;

  await db
    .insert(refunds)
    .values({
      id: crypto.randomUUID(),
      purchaseId: purchase.id,
      amountCents: purchase.totalAmountCents,
      productIds: purchase.productIds,
      reason: "admin",
    })
    .onConflictDoNothing();
  const [refund] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.purchaseId, purchase.id), eq(refunds.reason, "admin")));
  const settled = await settleRefund(services, refund?.id ?? "");
  if (settled.status === "failed") {
    throw new AppError("provider_failed", `Stripe refused the refund: ${settled.failure ?? "no reason given"}`);
  }
  if (settled.status === "pending") {
    throw new AppError("unavailable", "The payment provider could not be reached. The refund will be retried.");
  }
  services.logger.info(
    { purchaseId, provider: purchase.provider, cents: purchase.totalAmountCents },
    "purchase refunded",
  );
  return { totalCents: purchase.totalAmountCents };
}
