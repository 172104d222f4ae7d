import { describe, expect, it } from "vitest";
import { orderTotalText } from "./order-total";

describe("an order's total", () => {
  it("is the whole cost, with a gift voucher's part and the card's said apart", () => {
    expect(orderTotalText(1999, 0)).toBe("£19.99");
    expect(orderTotalText(0, 0)).toBe("£0.00");
    expect(orderTotalText(999, 1000)).toBe("£19.99 (£10.00 from a gift voucher, £9.99 by card)");
    expect(orderTotalText(0, 5000)).toBe("£50.00, paid by gift voucher");
  });
});
