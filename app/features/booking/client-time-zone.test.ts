import { describe, expect, it } from "vitest";
import { yourTimeRows } from "./booking-emails";
import { parseClientTimeZone } from "./client-time-zone";

describe("the client's time zone", () => {
  it("keeps a zone the platform knows and drops anything else", () => {
    expect(parseClientTimeZone("America/New_York")).toBe("America/New_York");
    expect(parseClientTimeZone("UTC")).toBe("UTC");
    for (const bad of ["Mars/Olympus", "", "Europe/London; DROP TABLE", 5, null, "x".repeat(100)]) {
      expect(parseClientTimeZone(bad)).toBeNull();
    }
  });

  it("gives e-mails the client's own time only when it differs from the UK's", () => {
    const start = new Date("2026-12-01T14:00:00Z");
    expect(yourTimeRows(start, "Europe/London")).toEqual([]);
    expect(yourTimeRows(start, null)).toEqual([]);
    const [row] = yourTimeRows(start, "America/New_York");
    expect(row?.label).toBe("Your time");
    // ICU versions differ on the comma after the weekday.
    expect(row?.value).toMatch(/^Tuesday,? 1 December 2026, 09:00 \(America\/New York\)$/);
  });
});
