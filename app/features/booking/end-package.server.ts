import { and, eq } from "drizzle-orm";
import { recordRefund, settleRefund } from "~/features/shop/line-kinds.server";
import { AppError } from "~/lib/app-error";
import { bookingPackages, orderLines, packageCredits } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { bookingMessages } from "./booking-model";
import { voucherPartOf } from "./cancel-booking.server";

export const endPackageMessages = {
  nothingLeft: "There is no unbooked session left on this package to refund.",
  expired: "This package has expired: its unbooked sessions can no longer be refunded.",
} as const;

/**
 * Ends a package early (decision 041): its unbooked credits are refunded in full (the Refund
 * Policy's full refund, as each is more than 24 hours from any session) and spent; booked sessions
 * stay booked. Under the package's lock, so it races neither a booking from a credit nor a
 * cancellation; a repeat finds nothing left and says so.
 */
export async function endPackage(
  services: AppServices,
  input: { packageId: string; userId?: string | undefined },
  now = new Date(),
): Promise<{ refundCents: number; voucherCents: number; credits: number }> {
  const { db } = services.database;
  const outcome = await db.transaction(async (tx) => {
    const [pack] = await tx
      .select()
      .from(bookingPackages)
      .where(
        and(
          eq(bookingPackages.id, input.packageId),
          input.userId ? eq(bookingPackages.userId, input.userId) : undefined,
        ),
      )
      .for("update");
    if (!pack) throw new AppError("not_found", bookingMessages.notFound);
    if (pack.expiresAt <= now) throw new AppError("conflict", endPackageMessages.expired, "Booking");
    const credits = await tx
      .update(packageCredits)
      .set({ state: "refunded" })
      .where(and(eq(packageCredits.packageId, pack.id), eq(packageCredits.state, "available")))
      .returning({ valueCents: packageCredits.valueCents });
    if (credits.length === 0) throw new AppError("conflict", endPackageMessages.nothingLeft, "Booking");
    const cents = credits.reduce((sum, credit) => sum + credit.valueCents, 0);
    const [line] = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.packageId, pack.id));
    const refundId = await recordRefund(tx, {
      purchaseId: pack.purchaseId,
      reason: "package_ended",
      amountCents: cents,
      lineIds: line ? [line.id] : undefined,
    });
    // The credits are spent as refunded only if their money goes back: never a refund swallowed.
    if (cents > 0 && !refundId) throw new AppError("conflict", endPackageMessages.nothingLeft, "Booking");
    const voucherCents = refundId ? await voucherPartOf(tx, refundId) : 0;
    return { refundCents: cents, voucherCents, credits: credits.length, refundId };
  });
  if (outcome.refundId) await settleRefund(services, outcome.refundId);
  return { refundCents: outcome.refundCents, voucherCents: outcome.voucherCents, credits: outcome.credits };
}
