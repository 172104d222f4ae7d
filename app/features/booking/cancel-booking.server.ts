import { and, eq } from "drizzle-orm";
import { recordRefund, settleRefund } from "~/features/shop/line-kinds.server";
import { AppError } from "~/lib/app-error";
import type { Database, Transaction } from "~/lib/db/client.server";
import { type Booking, bookingPackages, bookings, orderLines, packageCredits, refunds } from "~/lib/db/schema.server";
import { formatAmount } from "~/lib/format-price";
import type { AppServices } from "~/lib/services.server";
import { bookingMessages } from "./booking-model";
import { offerFreedTimes } from "./booking-waitlist.server";
import { cancellationTerms, contractOf } from "./cancellation-terms";
import { trySendBookingMail } from "./send-booking-mail.server";

export type CancelResult = {
  refundCents: number;
  /** What of the refund went back to the gift voucher that paid part of the session (decision 048). */
  voucherCents: number;
  percent: number;
  alreadyCancelled: boolean;
  /** A package's session cancelled in time: its credit is back to book again, and no money moves. */
  creditReturned: boolean;
  /** Booked by the practitioner (decision 045): no money through the site, so none back through it. */
  arrangedDirectly: boolean;
};

/**
 * Cancels a confirmed session by the policy (decision 041). A session bought on its own is refunded:
 * 100 % at 24 hours or more before the start or within the 14-day cancellation period after its
 * contract (decision 061), 50 % later (only after the client confirmed the amount she was shown,
 * sent as `expectedRefundCents`), in full when the practitioner cancels. A package's session instead
 * returns its credit when cancelled in time (the period counted from the package's purchase) or by
 * the practitioner; cancelled late by the client, 50 % of the credit's value comes back and the
 * credit is spent. Never both: the
 * package row, then the booking and its credit are locked, a session has at most one refund (a
 * unique index), and the ledger refuses any refund past what its line took.
 */
export async function cancelBooking(
  services: AppServices,
  input: {
    bookingId: string;
    by: "client" | "practitioner";
    /** The client: only their own booking. */
    userId?: string | undefined;
    expectedRefundCents?: number | undefined;
    /** The practitioner's reason, told to the client in the cancellation e-mail. */
    reason?: string | undefined;
  },
  now = new Date(),
): Promise<CancelResult> {
  const { db } = services.database;
  const outcome = await db.transaction(async (tx) => {
    const mine = input.userId ? eq(bookings.userId, input.userId) : undefined;
    const [found] = await tx
      .select({ packageId: bookings.packageId })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), mine));
    if (!found) throw new AppError("not_found", bookingMessages.notFound);
    // The same order of locks as booking from a credit: the package first.
    let packageBoughtAt: Date | null = null;
    if (found.packageId) {
      const [pack] = await tx
        .select({ createdAt: bookingPackages.createdAt })
        .from(bookingPackages)
        .where(eq(bookingPackages.id, found.packageId))
        .for("update");
      packageBoughtAt = pack?.createdAt ?? null;
    }
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for("update");
    if (!booking) throw new AppError("not_found", bookingMessages.notFound);
    if (booking.status === "cancelled") {
      return { result: await alreadyCancelled(tx, booking), refundId: null, day: null };
    }
    if (booking.status !== "confirmed") throw new AppError("conflict", bookingMessages.notCancellable, "Booking");
    const terms = cancellationTerms({ ...booking, contractAt: contractOf(booking, packageBoughtAt) }, now, input.by);
    if (!terms.allowed) throw new AppError("conflict", bookingMessages.notCancellable, "Booking");

    const returnsCredit = Boolean(booking.creditId) && terms.percent === 100;
    const refundCents = returnsCredit ? 0 : terms.refundCents;
    if (input.by === "client" && !returnsCredit && refundCents !== booking.amountCents) {
      // Less than the whole: the client must have been shown this amount and confirmed it.
      if (input.expectedRefundCents !== refundCents) {
        throw new AppError("conflict", bookingMessages.amountChanged(formatAmount(refundCents)), "Please confirm");
      }
    }
    await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: input.by, sequence: booking.sequence + 1 })
      .where(eq(bookings.id, booking.id));
    if (booking.creditId) {
      await tx
        .update(packageCredits)
        .set({ state: returnsCredit ? "available" : "refunded" })
        .where(and(eq(packageCredits.id, booking.creditId), eq(packageCredits.state, "booked")));
    }
    const [line] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(booking.packageId ? eq(orderLines.packageId, booking.packageId) : eq(orderLines.bookingId, booking.id));
    // A session she booked herself was never paid through the site (decision 045): nothing to refund here.
    const refundId = booking.purchaseId
      ? await recordRefund(tx, {
          purchaseId: booking.purchaseId,
          bookingId: booking.id,
          amountCents: refundCents,
          lineIds: line ? [line.id] : undefined,
          reason: input.by === "client" ? "booking_cancelled" : "practitioner_cancelled",
        })
      : null;
    return {
      result: {
        refundCents,
        voucherCents: refundId ? await voucherPartOf(tx, refundId) : 0,
        percent: returnsCredit ? 0 : terms.percent,
        alreadyCancelled: false,
        creditReturned: returnsCredit,
        arrangedDirectly: !booking.purchaseId,
      },
      refundId,
      day: booking.day,
    };
  });
  if (outcome.refundId) await settleRefund(services, outcome.refundId);
  if (!outcome.result.alreadyCancelled && outcome.day) {
    // The freed time goes to the first client waiting for that day, at once (decision 047).
    await offerFreedTimes(services, outcome.day, now).catch((error: unknown) =>
      services.logger.error({ err: error, day: outcome.day }, "the waiting list could not be offered a freed time"),
    );
  }
  if (!outcome.result.alreadyCancelled) {
    await trySendBookingMail(services, input.bookingId, {
      kind: "cancelled",
      refundCents: outcome.result.refundCents,
      voucherCents: outcome.result.voucherCents,
      percent: outcome.result.percent,
      by: input.by,
      creditReturned: outcome.result.creditReturned,
      paidOutside: outcome.result.arrangedDirectly,
      reason: input.reason,
    });
  }
  return outcome.result;
}

/** A repeated cancel answers what the first one did. */
async function alreadyCancelled(tx: Transaction, booking: Booking): Promise<CancelResult> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.bookingId, booking.id));
  const cents = refund?.amountCents ?? 0;
  return {
    refundCents: cents,
    voucherCents: refund?.voucherCents ?? 0,
    percent: Math.round((cents / Math.max(booking.amountCents, 1)) * 100),
    alreadyCancelled: true,
    creditReturned: Boolean(booking.creditId) && !refund,
    arrangedDirectly: !booking.purchaseId,
  };
}

/** The part of a refund recorded in this transaction that goes back to a gift voucher. */
export async function voucherPartOf(tx: Transaction, refundId: string): Promise<number> {
  const [refund] = await tx.select({ cents: refunds.voucherCents }).from(refunds).where(eq(refunds.id, refundId));
  return refund?.cents ?? 0;
}

/** What cancelling `booking` now would do, its package's purchase read when it is a package's session. */
export async function cancellationTermsOf(
  db: Database,
  booking: Booking,
  now: Date,
  by: "client" | "practitioner" = "client",
) {
  const [pack] = booking.packageId
    ? await db
        .select({ createdAt: bookingPackages.createdAt })
        .from(bookingPackages)
        .where(eq(bookingPackages.id, booking.packageId))
    : [];
  return cancellationTerms({ ...booking, contractAt: contractOf(booking, pack?.createdAt) }, now, by);
}
