import { describe, expect, it } from "vitest";
import { formatSessionPrice } from "./format-session-price";

describe("formatSessionPrice", () => {
  it("shows whole pounds without pence and anything else with two decimals", () => {
    expect(formatSessionPrice(5000)).toBe("£50");
    expect(formatSessionPrice(14000)).toBe("£140");
    expect(formatSessionPrice(4450)).toBe("£44.50");
  });
});
