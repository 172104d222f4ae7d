import { describe, expect, it } from "vitest";
import { formatLastDay, formatLongDate, startOfUkMonth } from "./format-date";

describe("dates as the UK reads them", () => {
  it("formats day, long month and year", () => {
    expect(formatLongDate("2026-11-23T10:00:00Z")).toBe("23 November 2026");
    // Just after midnight in a British summer is still the previous day in UTC.
    expect(formatLongDate("2026-06-30T23:30:00Z")).toBe("1 July 2026");
  });

  it("names the last day of what ends at the UK midnight after it, not the day that midnight begins", () => {
    // Midnight GMT after 26 December; midnight BST (23:00 UTC) after 30 June.
    expect(formatLastDay("2026-12-27T00:00:00Z")).toBe("26 December 2026");
    expect(formatLastDay("2026-06-30T23:00:00Z")).toBe("30 June 2026");
  });

  it("starts the month at UK midnight, in winter (GMT) and summer (BST)", () => {
    expect(startOfUkMonth(new Date("2026-11-23T12:00:00Z")).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(startOfUkMonth(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    // 00:30 BST on 1 August is still July in UTC, but already August in the UK.
    expect(startOfUkMonth(new Date("2026-07-31T23:30:00Z")).toISOString()).toBe("2026-07-31T23:00:00.000Z");
  });
});
