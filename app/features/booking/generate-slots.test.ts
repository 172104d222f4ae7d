import { describe, expect, it } from "vitest";
import { visitorTime, zonedTime } from "~/lib/zoned-time";
import { type Availability, bookableDays, generateSlots, isFreeSlot, practitionerSlots } from "./generate-slots";
import { getPracticeDefaults } from "./practice-defaults";

const base: Availability = {
  weekly: getPracticeDefaults().weekly,
  exceptions: [],
  bufferMinutes: 15,
  noticeHours: 24,
  horizonDays: 60,
};
const at = (iso: string) => new Date(iso);
const times = (slots: { start: Date }[]) => slots.map((s) => zonedTime(s.start));
const isoStarts = (slots: { start: Date }[]) => slots.map((s) => s.start.toISOString());
// A Monday well before the test days, so notice and horizon never get in the way unless meant to.
const now = at("2026-03-02T12:00:00Z");

describe("slots from the weekly hours", () => {
  it("offers Tuesday-Saturday 09:00-18:00 on a 30-minute grid, the last one-hour slot at 17:00", () => {
    const slots = generateSlots({ availability: base, date: "2026-03-10", minutes: 60, busy: [], now });
    expect(times(slots)[0]).toBe("09:00");
    expect(times(slots).at(-1)).toBe("17:00");
    expect(slots).toHaveLength(17);
  });

  it("offers nothing on Sunday and Monday", () => {
    for (const date of ["2026-03-08", "2026-03-09"]) {
      expect(generateSlots({ availability: base, date, minutes: 60, busy: [], now })).toEqual([]);
    }
  });

  it("fits a 90-minute session inside the hours", () => {
    const slots = generateSlots({ availability: base, date: "2026-03-10", minutes: 90, busy: [], now });
    expect(times(slots).at(-1)).toBe("16:30");
  });
});

describe("dated exceptions", () => {
  it("closes a day off and replaces the hours of a day with extra hours", () => {
    const availability: Availability = {
      ...base,
      exceptions: [
        { date: "2026-03-10", ranges: [] },
        { date: "2026-03-09", ranges: [{ start: "18:00", end: "20:00" }] },
      ],
    };
    expect(generateSlots({ availability, date: "2026-03-10", minutes: 60, busy: [], now })).toEqual([]);
    const monday = generateSlots({ availability, date: "2026-03-09", minutes: 60, busy: [], now });
    expect(times(monday)).toEqual(["18:00", "18:30", "19:00"]);
  });
});

describe("the buffer between sessions", () => {
  it("keeps 15 minutes clear before and after a booked session", () => {
    const busy = [{ start: at("2026-03-10T11:00:00Z"), end: at("2026-03-10T12:00:00Z") }];
    const slots = times(generateSlots({ availability: base, date: "2026-03-10", minutes: 60, busy, now }));
    // 10:00-11:00 ends right at the start: no 15 minutes left. 12:00 starts right at the end.
    expect(slots).not.toContain("10:00");
    expect(slots).not.toContain("11:00");
    expect(slots).not.toContain("12:00");
    expect(slots).toContain("09:30");
    expect(slots).toContain("12:30");
  });

  it("with no buffer, back-to-back sessions are allowed", () => {
    const busy = [{ start: at("2026-03-10T11:00:00Z"), end: at("2026-03-10T12:00:00Z") }];
    const availability = { ...base, bufferMinutes: 0 };
    const slots = times(generateSlots({ availability, date: "2026-03-10", minutes: 60, busy, now }));
    expect(slots).toContain("10:00");
    expect(slots).toContain("12:00");
  });
});

describe("minimum notice and horizon", () => {
  it("offers nothing starting sooner than 24 hours from now", () => {
    const tuesdayMorning = at("2026-03-10T10:20:00Z");
    const wednesday = generateSlots({
      availability: base,
      date: "2026-03-11",
      minutes: 60,
      busy: [],
      now: tuesdayMorning,
    });
    expect(times(wednesday)[0]).toBe("10:30");
    expect(
      generateSlots({ availability: base, date: "2026-03-10", minutes: 60, busy: [], now: tuesdayMorning }),
    ).toEqual([]);
  });

  it("offers nothing beyond 60 days", () => {
    const days = bookableDays({ availability: base, minutes: 60, busy: [], now });
    expect(days.at(-1)?.date).toBe("2026-05-01");
    expect(generateSlots({ availability: base, date: "2026-05-02", minutes: 60, busy: [], now })).toEqual([]);
    expect(
      generateSlots({ availability: base, date: "2026-05-01", minutes: 60, busy: [], now }).length,
    ).toBeGreaterThan(0);
  });

  it("refuses a time off the grid or outside the hours", () => {
    const input = { availability: base, minutes: 60, busy: [], now };
    expect(isFreeSlot({ ...input, start: at("2026-03-10T09:00:00Z") })).toBe(true);
    expect(isFreeSlot({ ...input, start: at("2026-03-10T09:10:00Z") })).toBe(false);
    expect(isFreeSlot({ ...input, start: at("2026-03-10T17:30:00Z") })).toBe(false);
  });
});

describe("the clock changes of 2026", () => {
  it("keeps 09:00 on the wall in GMT before 29 March and in BST after it", () => {
    const saturday = generateSlots({ availability: base, date: "2026-03-28", minutes: 60, busy: [], now });
    const tuesday = generateSlots({ availability: base, date: "2026-03-31", minutes: 60, busy: [], now });
    expect(isoStarts(saturday)[0]).toBe("2026-03-28T09:00:00.000Z");
    expect(isoStarts(tuesday)[0]).toBe("2026-03-31T08:00:00.000Z");
    expect(times(tuesday)[0]).toBe("09:00");
  });

  it("on 29 March, hours across the lost hour give three real hours of slots", () => {
    const availability = { ...base, exceptions: [{ date: "2026-03-29", ranges: [{ start: "00:00", end: "04:00" }] }] };
    const slots = generateSlots({ availability, date: "2026-03-29", minutes: 60, busy: [], now });
    expect(isoStarts(slots)).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T01:30:00.000Z",
      "2026-03-29T02:00:00.000Z",
    ]);
    expect(times(slots)).toEqual(["00:00", "00:30", "02:00", "02:30", "03:00"]);
  });

  it("on 25 October, hours across the repeated hour give five real hours of slots", () => {
    const october = at("2026-10-01T12:00:00Z");
    const availability = { ...base, exceptions: [{ date: "2026-10-25", ranges: [{ start: "00:00", end: "04:00" }] }] };
    const slots = generateSlots({ availability, date: "2026-10-25", minutes: 60, busy: [], now: october });
    expect(isoStarts(slots)[0]).toBe("2026-10-24T23:00:00.000Z");
    expect(isoStarts(slots).at(-1)).toBe("2026-10-25T03:00:00.000Z");
    expect(slots).toHaveLength(9);
  });

  it("keeps 09:00 on the wall in BST before 25 October and in GMT after it", () => {
    const october = at("2026-10-01T12:00:00Z");
    const before = generateSlots({ availability: base, date: "2026-10-24", minutes: 60, busy: [], now: october });
    const after = generateSlots({ availability: base, date: "2026-10-27", minutes: 60, busy: [], now: october });
    expect(isoStarts(before)[0]).toBe("2026-10-24T08:00:00.000Z");
    expect(isoStarts(after)[0]).toBe("2026-10-27T09:00:00.000Z");
  });
});

describe("a London day seen from New York and Sydney", () => {
  const summer = generateSlots({
    availability: base,
    date: "2026-07-14",
    minutes: 60,
    busy: [],
    now: at("2026-07-01T12:00:00Z"),
  });
  const first = summer[0]?.start as Date;
  const last = summer.at(-1)?.start as Date;

  it("is the same slots whoever asks, shown in London time", () => {
    expect(zonedTime(first)).toBe("09:00");
    expect(zonedTime(last)).toBe("17:00");
  });

  it("shows New York the same day, five hours earlier in summer", () => {
    expect(visitorTime(first, "America/New_York")).toMatchObject({
      date: "2026-07-14",
      time: "04:00",
      otherDay: false,
    });
  });

  it("shows Sydney the evening, and the last slot on the next day", () => {
    expect(visitorTime(first, "Australia/Sydney")).toMatchObject({ date: "2026-07-14", time: "18:00" });
    expect(visitorTime(last, "Australia/Sydney")).toMatchObject({ date: "2026-07-15", time: "02:00", otherDay: true });
  });

  it("adds nothing for a visitor in London, or one whose zone reads like it", () => {
    expect(visitorTime(first, "Europe/London")).toBeNull();
    expect(visitorTime(first, "Europe/Lisbon")).toBeNull();
    expect(visitorTime(first, "Not/AZone")).toBeNull();
  });
});

describe("the practitioner's own times (decision 045)", () => {
  it("from today: her hours without notice or horizon; a past day: any free time from 07:00 to 21:00", () => {
    // Tuesday 3 March at 08:00 London: a client needs 24 hours' notice, she does not.
    const morning = at("2026-03-03T08:00:00Z");
    expect(
      times(generateSlots({ availability: base, date: "2026-03-03", minutes: 60, busy: [], now: morning })),
    ).toEqual([]);
    const hers = practitionerSlots({ availability: base, date: "2026-03-03", minutes: 60, busy: [], now: morning });
    expect(times(hers)[0]).toBe("09:00");
    expect(times(practitionerSlots({ availability: base, date: "2027-06-01", minutes: 60, busy: [], now }))).toContain(
      "09:00",
    );
    // Monday 2 March, a closed day, seen the next morning: recorded at any free time of the day.
    const busy = [{ start: at("2026-03-02T10:00:00Z"), end: at("2026-03-02T11:00:00Z") }];
    const past = times(practitionerSlots({ availability: base, date: "2026-03-02", minutes: 60, busy, now: morning }));
    expect(past[0]).toBe("07:00");
    expect(past.at(-1)).toBe("20:00");
    expect(past).not.toContain("10:00");
    expect(past).not.toContain("09:30");
  });
});
