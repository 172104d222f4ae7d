import { describe, expect, it } from "vitest";
import { formatExceptions, parseAvailabilityForm } from "./availability-form";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
}
const base = { buffer: "15", notice: "24", horizon: "60", "open-2": "on", "start-2": "09:00", "end-2": "18:00" };

describe("the availability form", () => {
  it("reads weekly hours, exceptions and the three numbers", () => {
    const parsed = parseAvailabilityForm(form({ ...base, exceptions: "2026-12-24 closed\n2026-12-27 10:00-14:00" }));
    expect(parsed).toEqual({
      availability: {
        weekly: { 0: [], 1: [], 2: [{ start: "09:00", end: "18:00" }], 3: [], 4: [], 5: [], 6: [] },
        exceptions: [
          { date: "2026-12-24", ranges: [] },
          { date: "2026-12-27", ranges: [{ start: "10:00", end: "14:00" }] },
        ],
        bufferMinutes: 15,
        noticeHours: 24,
        horizonDays: 60,
      },
    });
    if ("availability" in parsed) {
      expect(formatExceptions(parsed.availability.exceptions)).toBe("2026-12-24 closed\n2026-12-27 10:00-14:00");
    }
  });

  it("refuses hours that end before they start, bad lines and out-of-range numbers, saying why", () => {
    expect(parseAvailabilityForm(form({ ...base, "end-2": "08:00" }))).toMatchObject({ error: /Tuesday/ });
    expect(parseAvailabilityForm(form({ ...base, exceptions: "Christmas closed" }))).toMatchObject({
      error: /Not a date/,
    });
    expect(parseAvailabilityForm(form({ ...base, exceptions: "2026-12-27 14:00-10:00" }))).toMatchObject({
      error: /Not hours/,
    });
    expect(parseAvailabilityForm(form({ ...base, horizon: "0" }))).toMatchObject({ error: /far ahead/ });
    expect(parseAvailabilityForm(form({ ...base, buffer: "1.5" }))).toMatchObject({ error: /buffer/ });
  });
});
