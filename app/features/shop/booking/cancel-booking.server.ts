import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { bookings, refunds } from "~/lib/db/schema.server";
import { formatAmount } from "~/lib/format-price";
import type { AppServices } from "~/lib/services.server";
import { settleRefund } from "../settle-refund.server";
import { bookingMessages } from "./booking-model";
import { cancellationTerms } from "./cancellation-terms";
import { trySendBookingMail } from "./send-booking-mail.server";

export type CancelResult = { refundCents: number; percent: number; alreadyCancelled: boolean };

/**
 * Cancels a confirmed session and refunds it by the policy: the client gets 100 % at 24 hours or
 * more before the start and 50 % later (only after confirming the amount they were shown, sent as
 * `expectedRefundCents`); the practitioner's cancellation refunds in full. The booking row is locked,
 * and a booking has at most one refund (a unique index), so however many clicks or tabs race, the
 * money goes back once; a repeat answers what was done.
 */
export async function cancelBooking(
  services: AppServices,
  input: {
    bookingId: string;
    by: "client" | "practitioner";
    /** The client: only their own booking. */
    userId?: string | undefined;
    expectedRefundCents?: number | undefined;
  },
  now = new Date(),
): Promise<CancelResult> {
  const { db } = services.database;
  const outcome = await db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), input.userId ? eq(bookings.userId, input.userId) : undefined))
      .for("update");
    if (!booking) throw new AppError("not_found", bookingMessages.notFound);
    if (booking.status === "cancelled") {
      const [refund] = await tx.select().from(refunds).where(eq(refunds.bookingId, booking.id));
      const cents = refund?.amountCents ?? 0;
      return {
        result: {
          refundCents: cents,
          percent: Math.round((cents / Math.max(booking.amountCents, 1)) * 100),
          alreadyCancelled: true,
        },
        refundId: refund?.status === "pending" ? refund.id : null,
      };
    }
    if (booking.status !== "confirmed") throw new AppError("conflict", bookingMessages.notCancellable, "Booking");
    const terms = cancellationTerms(booking, now, input.by);
    if (!terms.allowed) throw new AppError("conflict", bookingMessages.notCancellable, "Booking");
    if (
      input.by === "client" &&
      terms.refundCents !== booking.amountCents &&
      input.expectedRefundCents !== terms.refundCents
    ) {
      // Less than the whole: the client must have been shown this amount and confirmed it.
      throw new AppError("conflict", bookingMessages.amountChanged(formatAmount(terms.refundCents)), "Please confirm");
    }
    await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: input.by, sequence: booking.sequence + 1 })
      .where(eq(bookings.id, booking.id));
    const [refund] = await tx
      .insert(refunds)
      .values({
        id: crypto.randomUUID(),
        purchaseId: booking.purchaseId,
        bookingId: booking.id,
        amountCents: terms.refundCents,
        productIds: [`booking:${booking.id}`],
        reason: input.by === "client" ? "booking_cancelled" : "practitioner_cancelled",
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    return {
      result: { refundCents: terms.refundCents, percent: terms.percent, alreadyCancelled: false },
      refundId: refund?.id ?? null,
    };
  });
  if (outcome.refundId && outcome.result.refundCents > 0) await settleRefund(services, outcome.refundId);
  if (!outcome.result.alreadyCancelled) {
    await trySendBookingMail(services, input.bookingId, {
      kind: "cancelled",
      refundCents: outcome.result.refundCents,
      percent: outcome.result.percent,
      by: input.by,
    });
  }
  return outcome.result;
}
