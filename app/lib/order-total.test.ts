import { describe, expect, it } from "vitest";
import { orderTotalText, paidByRows, refundedText } from "./order-total";

describe("an order's total", () => {
  it("is the whole cost, with a gift voucher's part and the card's said apart", () => {
    expect(orderTotalText(1999, 0)).toBe("£19.99");
    expect(orderTotalText(0, 0)).toBe("£0.00");
    expect(orderTotalText(999, 1000)).toBe("£19.99 (£10.00 from a gift voucher, £9.99 by card)");
    expect(orderTotalText(0, 5000)).toBe("£50.00, paid by gift voucher");
  });

  it("on a receipt, splits the total between the voucher and the card, the voucher never more than the total", () => {
    expect(paidByRows(1999, 0)).toEqual([]);
    expect(paidByRows(1999, 1000)).toEqual([
      { label: "Paid by gift voucher", value: "£10.00" },
      { label: "Paid by card", value: "£9.99" },
    ]);
    expect(paidByRows(5000, 5000)).toEqual([{ label: "Paid by gift voucher", value: "£50.00" }]);
    // Never more from the voucher than the total (the caller nets what refunds gave back to it).
    expect(paidByRows(1500, 2000)).toEqual([{ label: "Paid by gift voucher", value: "£15.00" }]);
  });

  it("says what went back, to the card and to the gift voucher, or nothing when nothing did", () => {
    expect(refundedText(0, 0)).toBeNull();
    expect(refundedText(800, 0)).toBe("£8.00 refunded");
    expect(refundedText(0, 1000)).toBe("£10.00 refunded to the gift voucher");
    expect(refundedText(4000, 1000)).toBe("£50.00 refunded (£10.00 to the gift voucher, £40.00 to the card)");
  });
});
