import { describe, expect, it } from "vitest";
import {
  cancellationTerms,
  canReschedule,
  contractOf,
  inCancellationPeriod,
  needsExpressRequest,
} from "./cancellation-terms";

const startsAt = new Date("2026-06-10T10:00:00Z");
const minutesBefore = (minutes: number) => new Date(startsAt.getTime() - minutes * 60_000);
/** Booked 20 days ahead: past the 14-day cancellation period by the last days before it. */
const bookedAt = new Date(startsAt.getTime() - 20 * 86_400_000);
const booking = { startsAt, amountCents: 5000, contractAt: bookedAt };

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

describe("the 14-day right to cancel (CCR 2013 regs. 29, 30 and 36)", () => {
  const bookedDaysBefore = (days: number) => ({
    ...booking,
    contractAt: new Date(startsAt.getTime() - days * 86_400_000),
  });
  it("refunds in full, however late, a session booked within the period that has not started", () => {
    // Booked 3 days ahead, cancelled 5 minutes before: still within 14 days of booking.
    expect(cancellationTerms(bookedDaysBefore(3), minutesBefore(5))).toEqual({
      allowed: true,
      refundCents: 5000,
      percent: 100,
    });
  });
  it("applies the 24-hour rule once the period is over, and never once the session has started", () => {
    expect(cancellationTerms(bookedDaysBefore(16), minutesBefore(120))).toMatchObject({ percent: 50 });
    expect(cancellationTerms(bookedDaysBefore(3), startsAt)).toEqual({ allowed: false });
  });
  it("ends the period at the end of the 14th day after the contract's day, in London", () => {
    // Contract on 1 June (BST) at 10:00: the period runs to the end of 15 June, London time.
    const contract = new Date("2026-06-01T09:00:00Z");
    expect(inCancellationPeriod(contract, new Date("2026-06-15T22:59:00Z"))).toBe(true); // 23:59 on the 15th
    expect(inCancellationPeriod(contract, new Date("2026-06-15T23:00:00Z"))).toBe(false); // 00:00 on the 16th
    // Over the clocks' change in March: 20 March's period ends at midnight on 3/4 April (BST).
    const march = new Date("2026-03-20T12:00:00Z");
    expect(inCancellationPeriod(march, new Date("2026-04-03T22:59:00Z"))).toBe(true);
    expect(inCancellationPeriod(march, new Date("2026-04-03T23:00:00Z"))).toBe(false);
  });
  it("counts a package's session from the package's purchase, not the session's booking", () => {
    const packageBought = new Date("2026-05-01T10:00:00Z");
    const sessionBooked = new Date("2026-06-05T10:00:00Z");
    expect(contractOf({ createdAt: sessionBooked }, packageBought)).toEqual(packageBought);
    expect(contractOf({ createdAt: sessionBooked }, null)).toEqual(sessionBooked);
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
