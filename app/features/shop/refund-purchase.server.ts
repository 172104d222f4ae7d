import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { orderLines, purchases, refunds } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { refundableCents } from "./ledger/allocate-refund";
import { recordRefund } from "./ledger/record-refund.server";
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
  const kinds = (
    await db.select({ kind: orderLines.kind }).from(orderLines).where(eq(orderLines.purchaseId, purchaseId))
  ).map((line) => line.kind);
  const refusal = refundRefusal({ ...purchase, kinds }, getPaymentProvider(services).name);
  if (refusal) throw refusal;

  // What is left of the order (a line refunded as it was paid has given its share back already),
  // decided under the lines' locks in recordRefund.
  const cents = await db.transaction(async (tx) => {
    const lines = await tx.select().from(orderLines).where(eq(orderLines.purchaseId, purchase.id)).for("update");
    const left = refundableCents(lines);
    await recordRefund(tx, {
      purchaseId: purchase.id,
      reason: "admin",
      amountCents: left,
      productIds: purchase.productIds,
    });
    return left;
  });
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
  services.logger.info({ purchaseId, provider: purchase.provider, cents }, "purchase refunded");
  return { totalCents: cents };
}
