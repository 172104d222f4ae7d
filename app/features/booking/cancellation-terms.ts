import { addDays, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { BOOKING_LIMITS } from "./booking-model";

const POLICY_MS = BOOKING_LIMITS.policyHours * 3_600_000;

/**
 * When a session's contract was made: the package's purchase for a package's session (its sessions
 * are booked under that one contract), else the booking itself.
 */
export function contractOf(booking: { createdAt: Date }, packageBoughtAt: Date | null | undefined): Date {
  return packageBoughtAt ?? booking.createdAt;
}

/**
 * The statutory cancellation period: it ends "at the end of 14 days after the day on which the
 * contract is entered into" (CCR 2013 reg. 30(3)), days in London.
 */
export function inCancellationPeriod(contractAt: Date, now: Date): boolean {
  return now < zonedInstant(addDays(zonedDate(contractAt), BOOKING_LIMITS.expressRequestDays + 1), "00:00");
}

/**
 * The Refund Policy (spec §9), applied: cancelled 24 hours or more before the start, the whole
 * session is refunded; later (or the same day), 50 %. But within the statutory cancellation period
 * after the contract (`contractOf`; Consumer Contracts Regulations 2013, regs. 29 and 30), a client
 * who cancels before the session starts has been supplied nothing, so owes nothing (reg. 36(4)):
 * the whole session is refunded, or a package's credit returned, however close it is (decision
 * 061). A session that has started cannot be cancelled. The practitioner cancelling always refunds
 * in full.
 */
export function cancellationTerms(
  booking: { startsAt: Date; amountCents: number; contractAt: Date },
  now: Date,
  by: "client" | "practitioner" = "client",
): { allowed: true; refundCents: number; percent: 100 | 50 } | { allowed: false } {
  const ahead = booking.startsAt.getTime() - now.getTime();
  if (by === "practitioner") return { allowed: true, refundCents: booking.amountCents, percent: 100 };
  if (ahead <= 0) return { allowed: false };
  if (ahead >= POLICY_MS || inCancellationPeriod(booking.contractAt, now)) {
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
