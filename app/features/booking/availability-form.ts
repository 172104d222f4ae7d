/**
 * The availability form's wire format, parsed at the edge: a day's hours as `start-N`/`end-N` with
 * `open-N` ticked (N = 0 Sunday … 6 Saturday), and exceptions one a line: `2026-12-24 closed` or
 * `2026-12-27 10:00-14:00`. Pure, shared by the page and its test.
 */

import { isDate, isTime } from "~/lib/zoned-time";
import type { Availability, DatedException, WeeklyHours } from "./generate-slots";

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function formatExceptions(exceptions: DatedException[]): string {
  return exceptions
    .map((e) => `${e.date} ${e.ranges.length === 0 ? "closed" : e.ranges.map((r) => `${r.start}-${r.end}`).join(" ")}`)
    .join("\n");
}

export function parseAvailabilityForm(form: FormData): { availability: Availability } | { error: string } {
  const weekly: WeeklyHours = {};
  for (let day = 0; day < 7; day++) {
    const open = form.get(`open-${day}`) === "on";
    const start = String(form.get(`start-${day}`) ?? "");
    const end = String(form.get(`end-${day}`) ?? "");
    if (open && !(isTime(start) && isTime(end) && start < end)) {
      return { error: `${WEEKDAY_NAMES[day]}: the hours must be a start before an end, like 09:00 and 18:00.` };
    }
    weekly[day] = open ? [{ start, end }] : [];
  }
  const exceptions: DatedException[] = [];
  const lines = String(form.get("exceptions") ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > 366) return { error: "Too many exceptions: at most 366." };
  for (const line of lines) {
    const [date = "", ...rest] = line.split(/\s+/);
    if (!isDate(date)) return { error: `Not a date: "${line}". Write 2026-12-24 closed, or 2026-12-27 10:00-14:00.` };
    if (rest.length === 1 && rest[0]?.toLowerCase() === "closed") {
      exceptions.push({ date, ranges: [] });
      continue;
    }
    const ranges = rest.map((r) => {
      const [start = "", end = ""] = r.split("-");
      return { start, end };
    });
    if (ranges.length === 0 || ranges.some((r) => !(isTime(r.start) && isTime(r.end) && r.start < r.end))) {
      return { error: `Not hours: "${line}". Write 2026-12-24 closed, or 2026-12-27 10:00-14:00.` };
    }
    exceptions.push({ date, ranges });
  }
  const number = (name: string, min: number, max: number) => {
    const value = Number(form.get(name));
    return Number.isInteger(value) && value >= min && value <= max ? value : null;
  };
  const bufferMinutes = number("buffer", 0, 240);
  const noticeHours = number("notice", 0, 24 * 30);
  const horizonDays = number("horizon", 1, 365);
  if (bufferMinutes === null) return { error: "The buffer is a whole number of minutes from 0 to 240." };
  if (noticeHours === null) return { error: "The minimum notice is a whole number of hours from 0 to 720." };
  if (horizonDays === null) return { error: "How far ahead is a whole number of days from 1 to 365." };
  return { availability: { weekly, exceptions, bufferMinutes, noticeHours, horizonDays } };
}
