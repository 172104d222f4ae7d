import { describe, expect, it } from "vitest";
import { slotTakenEmail } from "~/features/booking/booking-emails";
import { REFUND_TIMING, refundSplit, VOUCHER_TIMING } from "./refund-split";

/** Where a refund's money goes, as every refund e-mail says it (decision 048). */
describe("a refund split between a gift voucher and the card", () => {
  it("names each part only when there is one, with each part's timing", () => {
    expect(refundSplit(5000, 0)).toEqual({ rows: [], after: [REFUND_TIMING] });
    expect(refundSplit(5000, undefined)).toEqual({ rows: [], after: [REFUND_TIMING] });
    expect(refundSplit(5000, 1000)).toEqual({
      rows: [
        { label: "To your gift voucher", value: "£10.00" },
        { label: "To your card", value: "£40.00" },
      ],
      after: [VOUCHER_TIMING, REFUND_TIMING],
    });
    expect(refundSplit(5000, 5000)).toEqual({
      rows: [{ label: "To your gift voucher", value: "£50.00" }],
      after: [VOUCHER_TIMING],
    });
    // Never more to the voucher than the refund.
    expect(refundSplit(2500, 5000).rows).toEqual([{ label: "To your gift voucher", value: "£25.00" }]);
  });

  it("is in the apology for a time taken while the payment was on its way", () => {
    const sender = { brand: "Sacred Healing", email: "hello@example.com" };
    const mail = slotTakenEmail(
      sender,
      { email: "ann@example.com", name: "Ann" },
      { serviceTitle: "One-on-One Session", startsAt: new Date("2026-12-01T10:00:00Z") },
      { cents: 5000, voucherCents: 1000 },
      "http://localhost:3000/book/one-on-one",
    );
    expect(mail.text).toMatch(/To your gift voucher\s+£10\.00/);
    expect(mail.text).toMatch(/To your card\s+£40\.00/);
    expect(mail.text).toContain(VOUCHER_TIMING);
  });
});
