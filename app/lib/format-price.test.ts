import { describe, expect, it } from "vitest";
import { formatAmount, formatPrice } from "./format-price";

describe("formatPrice", () => {
  it("shows FREE for 0 and pounds with two decimals otherwise", () => {
    expect(formatPrice(0)).toBe("FREE");
    expect(formatPrice(1)).toBe("£0.01");
    expect(formatPrice(999)).toBe("£9.99");
    expect(formatPrice(1299)).toBe("£12.99");
    expect(formatPrice(100000)).toBe("£1,000.00");
  });
  it("formats totals without FREE", () => {
    expect(formatAmount(0)).toBe("£0.00");
    expect(formatAmount(4999)).toBe("£49.99");
  });
});
