import { describe, expect, it } from "vitest";
import { publicHoursOf } from "./public-hours";

const nine = [{ start: "09:00", end: "18:00" }];
const tuesdayToSaturday = { 0: [], 1: [], 2: nine, 3: nine, 4: nine, 5: nine, 6: nine };

describe("the public opening hours, from the weekly availability", () => {
  it("names the UK's zone as the clocks read on each side of the spring change", () => {
    // 2027's clocks go forward at 01:00 UTC on Sunday 28 March.
    expect(publicHoursOf(tuesdayToSaturday, new Date("2027-03-28T00:59:00Z")).hours).toBe(
      "Tuesday-Saturday 9am-6pm GMT",
    );
    expect(publicHoursOf(tuesdayToSaturday, new Date("2027-03-28T01:00:00Z")).hours).toBe(
      "Tuesday-Saturday 9am-6pm BST",
    );
    // And back at 01:00 UTC on Sunday 31 October.
    expect(publicHoursOf(tuesdayToSaturday, new Date("2027-10-31T00:59:00Z")).hours).toMatch(/BST$/);
    expect(publicHoursOf(tuesdayToSaturday, new Date("2027-10-31T01:00:00Z")).hours).toMatch(/GMT$/);
  });

  it("groups the days that share hours, splits a day's ranges, and gives schema.org the same periods", () => {
    const split = [
      { start: "14:00", end: "18:00" },
      { start: "09:30", end: "13:00" },
    ];
    const result = publicHoursOf(
      { 0: [], 1: split, 2: [], 3: split, 4: [{ start: "12:00", end: "20:00" }], 5: [], 6: nine },
      new Date("2027-01-10T12:00:00Z"),
    );
    expect(result.hours).toBe("Monday, Wednesday 9:30am-1pm, 2pm-6pm; Thursday 12pm-8pm; Saturday 9am-6pm GMT");
    expect(result.openingHours).toEqual([
      { days: ["Mo", "We"], opens: "09:30", closes: "13:00" },
      { days: ["Mo", "We"], opens: "14:00", closes: "18:00" },
      { days: ["Th"], opens: "12:00", closes: "20:00" },
      { days: ["Sa"], opens: "09:00", closes: "18:00" },
    ]);
  });

  it("says 'By appointment' when no weekday has hours", () => {
    expect(publicHoursOf({}, new Date()).hours).toBe("By appointment");
  });
});
