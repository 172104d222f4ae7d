import { describe, expect, it } from "vitest";
import { cancellationTerms, canReschedule, needsExpressRequest } from "./cancellation-terms";

const startsAt = new Date("2026-06-10T10:00:00Z");
const minutesBefore = (minutes: number) => new Date(startsAt.getTime() - minutes * 60_000);
/** Booked 20 days ahead: past the 14-day cancellation period by the last days before it. */
const bookedAt = new Date(startsAt.getTime() - 20 * 86_400_000);
const booking = { startsAt, amountCents: 5000, createdAt: bookedAt };

describe("the 24-hour refund rule", () => {
  it("refunds 100 % at 24 hours and 1 minute before", () => {
    expect(cancellationTerms(booking, minutesBefore(24 * 60 + 1))).toEqual({
      allowed: true,
      refundCents: 5000,
      percent: 100,
    });
  });
  it("refunds 100 % at exactly 24 hours before", () => {
    expect(cancellationTerms(booking, minutesBefore(24 * 60))).toMatchObject({ refundCents: 5000, percent: 100 });
  });
  it("refunds 50 % at 23 hours 59 minutes before", () => {
    expect(cancellationTerms(booking, minutesBefore(24 * 60 - 1))).toEqual({
      allowed: true,
      refundCents: 2500,
      percent: 50,
    });
  });
  it("refunds 50 % the same day, and refuses once the session has started", () => {
    expect(cancellationTerms(booking, minutesBefore(5))).toMatchObject({ refundCents: 2500 });
    expect(cancellationTerms(booking, startsAt)).toEqual({ allowed: false });
  });
  it("refunds the practitioner's cancellation in full, however late", () => {
    expect(cancellationTerms(booking, minutesBefore(5), "practitioner")).toMatchObject({ refundCents: 5000 });
  });
  it("halves an odd share down to whole pence", () => {
    expect(cancellationTerms({ ...booking, amountCents: 3333 }, minutesBefore(60))).toMatchObject({
      refundCents: 1666,
    });
  });
});

describe("the 14-day right to cancel (CCR 2013 regs. 29 and 36)", () => {
  const bookedDaysBefore = (days: number) => ({
    ...booking,
    createdAt: new Date(startsAt.getTime() - days * 86_400_000),
  });
  it("refunds in full, however late, a session booked under 14 days ago that has not started", () => {
    // Booked 3 days ahead, cancelled 5 minutes before: still within 14 days of booking.
    expect(cancellationTerms(bookedDaysBefore(3), minutesBefore(5))).toEqual({
      allowed: true,
      refundCents: 5000,
      percent: 100,
    });
    // Booked 14 days and an hour ahead, cancelled 2 hours before: 13 days 23 hours after booking.
    expect(cancellationTerms(bookedDaysBefore(14 + 1 / 24), minutesBefore(120))).toMatchObject({ percent: 100 });
  });
  it("applies the 24-hour rule once 14 days have passed since booking, and never once the session has started", () => {
    expect(cancellationTerms(bookedDaysBefore(15), minutesBefore(120))).toMatchObject({ percent: 50 });
    expect(cancellationTerms(bookedDaysBefore(3), startsAt)).toEqual({ allowed: false });
  });
});

describe("reschedule and the express request", () => {
  it("allows reschedule up to 24 hours before, not after", () => {
    expect(canReschedule(startsAt, minutesBefore(24 * 60 + 1))).toBe(true);
    expect(canReschedule(startsAt, minutesBefore(24 * 60 - 1))).toBe(false);
  });
  it("asks for the reg. 36 request within 14 days, not beyond", () => {
    expect(needsExpressRequest(startsAt, minutesBefore(13 * 24 * 60))).toBe(true);
    expect(needsExpressRequest(startsAt, minutesBefore(15 * 24 * 60))).toBe(false);
  });
});
