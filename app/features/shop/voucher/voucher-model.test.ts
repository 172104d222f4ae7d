import { describe, expect, it } from "vitest";
import { zonedDate } from "~/lib/zoned-time";
import { type VoucherFacts, voucherExpiry, voucherLastDay, voucherRefusal } from "./voucher-model";

const lastDay = (from: string) => zonedDate(voucherLastDay(voucherExpiry(new Date(from))));

describe("a voucher's 12 months", () => {
  it("run to the end of the same date a year on, in London: the printed date is a whole day of use", () => {
    expect(voucherExpiry(new Date("2026-11-26T14:00:00Z")).toISOString()).toBe("2027-11-27T00:00:00.000Z");
    expect(lastDay("2026-11-26T14:00:00Z")).toBe("2027-11-26");
    // Bought at half past midnight on 1 August in London (still 31 July in UTC): its date is London's.
    expect(lastDay("2026-07-31T23:30:00Z")).toBe("2027-08-01");
    expect(voucherExpiry(new Date("2026-07-31T23:30:00Z")).toISOString()).toBe("2027-08-01T23:00:00.000Z");
    // A leap day's voucher runs to the last day of February.
    expect(lastDay("2028-02-29T12:00:00Z")).toBe("2029-02-28");
    expect(lastDay("2026-01-31T12:00:00Z")).toBe("2027-01-31");
  });

  it("is refused from the first moment of the next day, with its last day as the date it expired", () => {
    const voucher: VoucherFacts = {
      status: "active",
      kind: "amount",
      serviceId: null,
      serviceTitle: null,
      balanceCents: 2000,
      expiresAt: voucherExpiry(new Date("2026-11-26T09:00:00Z")),
    };
    const formatDate = (date: Date) => zonedDate(date);
    // Late in the evening of its last day: it still pays (it used to stop at 9 in the morning).
    expect(voucherRefusal(voucher, { now: new Date("2027-11-26T23:59:00Z"), formatDate })).toBeNull();
    expect(voucherRefusal(voucher, { now: new Date("2027-11-27T00:00:00Z"), formatDate })).toBe(
      "This gift voucher expired on 2027-11-26. Please contact us if you think this is wrong.",
    );
  });
});
