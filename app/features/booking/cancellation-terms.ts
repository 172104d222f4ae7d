import { BOOKING_LIMITS } from "./booking-model";

const POLICY_MS = BOOKING_LIMITS.policyHours * 3_600_000;
const CANCELLATION_PERIOD_MS = BOOKING_LIMITS.expressRequestDays * 86_400_000;

/**
 * The Refund Policy (spec §9), applied: cancelled 24 hours or more before the start, the whole
 * session is refunded; later (or the same day), 50 %. But within 14 days of booking (the statutory
 * cancellation period of the Consumer Contracts Regulations 2013, reg. 29), a client who cancels
 * before the session starts has been supplied nothing, so owes nothing (reg. 36(4)): the whole
 * session is refunded however close it is (decision 061). A session that has started cannot be
 * cancelled. The practitioner cancelling always refunds in full.
 */
export function cancellationTerms(
  booking: { startsAt: Date; amountCents: number; createdAt: Date },
  now: Date,
  by: "client" | "practitioner" = "client",
): { allowed: true; refundCents: number; percent: 100 | 50 } | { allowed: false } {
  const ahead = booking.startsAt.getTime() - now.getTime();
  if (by === "practitioner") return { allowed: true, refundCents: booking.amountCents, percent: 100 };
  if (ahead <= 0) return { allowed: false };
  const inCancellationPeriod = now.getTime() - booking.createdAt.getTime() < CANCELLATION_PERIOD_MS;
  if (ahead >= POLICY_MS || inCancellationPeriod) {
    return { allowed: true, refundCents: booking.amountCents, percent: 100 };
  }
  return {
    allowed: true,
    refundCents: Math.floor((booking.amountCents * BOOKING_LIMITS.lateRefundPercent) / 100),
    percent: BOOKING_LIMITS.lateRefundPercent,
  };
}

/** Reschedule is allowed up to 24 hours before the start. */
export function canReschedule(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= POLICY_MS;
}

/** Reg. 36: a session starting within 14 days of booking needs the client's express request. */
export function needsExpressRequest(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() < BOOKING_LIMITS.expressRequestDays * 86_400_000;
}
