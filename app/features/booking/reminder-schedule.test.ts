import { describe, expect, it } from "vitest";
import { zonedInstant } from "~/lib/zoned-time";
import { reminderSchedule } from "./reminder-schedule";

const now = new Date("2026-03-01T12:00:00Z");
const iso = (schedule: ReturnType<typeof reminderSchedule>) =>
  Object.fromEntries(schedule.map((r) => [r.kind, r.dueAt.toISOString()]));

describe("reminderSchedule", () => {
  it("gives an in-person session one reminder, 24 hours before", () => {
    const startsAt = zonedInstant("2026-03-11", "10:00");
    expect(iso(reminderSchedule({ startsAt, place: "in_person" }, now))).toEqual({
      day_before: "2026-03-10T10:00:00.000Z",
    });
  });

  it("adds a distance session's e-mail at 18:00 London the day before, right across both clock changes", () => {
    // Sunday 29 March 2026 is the first day of BST: the evening before is still GMT.
    expect(iso(reminderSchedule({ startsAt: zonedInstant("2026-03-29", "10:00"), place: "distance" }, now))).toEqual({
      day_before: "2026-03-28T09:00:00.000Z",
      distance_evening: "2026-03-28T18:00:00.000Z",
    });
    // Sunday 25 October 2026 is back on GMT: the evening before is BST, 17:00 UTC.
    const october = reminderSchedule({ startsAt: zonedInstant("2026-10-27", "10:00"), place: "distance" }, now);
    expect(iso(october).distance_evening).toBe("2026-10-26T18:00:00.000Z");
    const sunday = reminderSchedule({ startsAt: zonedInstant("2026-10-25", "11:00"), place: "distance" }, now);
    expect(iso(sunday).distance_evening).toBe("2026-10-24T17:00:00.000Z");
  });

  it("leaves the evening e-mail out within two hours of the 24-hour reminder, and once its time has passed", () => {
    const at = (time: string) =>
      reminderSchedule({ startsAt: zonedInstant("2026-03-11", time), place: "distance" }, now);
    expect(at("15:30").map((r) => r.kind)).toEqual(["day_before", "distance_evening"]);
    expect(at("16:30").map((r) => r.kind)).toEqual(["day_before"]);
    expect(at("17:00").map((r) => r.kind)).toEqual(["day_before"]);
    expect(at("19:30").map((r) => r.kind)).toEqual(["day_before"]);
    expect(at("20:00").map((r) => r.kind)).toEqual(["day_before", "distance_evening"]);
    const lateBooking = new Date(zonedInstant("2026-03-10", "18:00").getTime() + 60_000);
    expect(
      reminderSchedule({ startsAt: zonedInstant("2026-03-11", "09:00"), place: "distance" }, lateBooking).map(
        (r) => r.kind,
      ),
    ).toEqual(["day_before"]);
  });
});
