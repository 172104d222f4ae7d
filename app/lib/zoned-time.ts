// With its extension: the bench (bench/measure-booking.ts) runs this file on Node's own type stripping.
import { dateFormat } from "./date-format.ts";

/**
 * Wall-clock time in a named zone, with the platform's time-zone data (Intl): no library, and the
 * same answer on the server and in the browser. Dates are 'YYYY-MM-DD', times 'HH:MM'.
 */
export const PRACTICE_ZONE = "Europe/London";

// The wall clock's format, kept per zone here rather than through `dateFormat` (date-format.ts): it is
// the slot grid's innermost call, and a key made from the options cost 30 % more a call (2.9 against
// 3.7 µs, measured on this machine).
const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string) {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormat.set(zone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as numbers. */
function wallClock(instant: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far the zone is ahead of UTC at an instant, in milliseconds (BST: +1 h). */
function offsetAt(instant: number, zone: string): number {
  const w = wallClock(instant, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time in the zone happens (a time skipped by the spring change moves forward). */
export function zonedInstant(date: string, time: string, zone = PRACTICE_ZONE): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  const first = asUtc - offsetAt(asUtc, zone);
  const second = asUtc - offsetAt(first, zone);
  return new Date(second);
}

/** The zone's calendar date at an instant. */
export function zonedDate(instant: Date, zone = PRACTICE_ZONE): string {
  const w = wallClock(instant.getTime(), zone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** The zone's wall-clock time at an instant, 'HH:MM'. */
export function zonedTime(instant: Date, zone = PRACTICE_ZONE): string {
  const w = wallClock(instant.getTime(), zone);
  return `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
}

/** Calendar arithmetic on 'YYYY-MM-DD' (no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A real calendar date in the years a diary can hold (1900-2999): a year beyond is a slip or an
 * attack, and its arithmetic breaks at 9999.
 */
export const isDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  Number(value.slice(0, 4)) >= 1900 &&
  Number(value.slice(0, 4)) <= 2999;
/** An instant as a form sends a chosen time (ISO 8601), on a date `isDate` accepts. */
export const isDiaryInstant = (value: string) => isDate(value.slice(0, 10));
export const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** A session's time as a person in `zone` reads it: 'Tuesday 3 March 2026', '09:00'. */
export function describeInstant(instant: Date, zone = PRACTICE_ZONE) {
  const day = dateFormat("en-GB", {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(instant);
  return { date: zonedDate(instant, zone), day, time: zonedTime(instant, zone) };
}

/** 'Tuesday 3 March 2026, 09:00 (UK time)': the one way a session's time is written. */
export function formatSessionTime(instant: Date): string {
  const { day, time } = describeInstant(instant);
  return `${day}, ${time} (UK time)`;
}

/**
 * The same moment for a visitor in another zone: null when their clock reads like London's
 * (same date and time), otherwise their date and time, to show beside the London time.
 */
export function visitorTime(instant: Date, visitorZone: string | null | undefined) {
  if (!visitorZone || !isValidZone(visitorZone)) return null;
  const london = describeInstant(instant);
  const theirs = describeInstant(instant, visitorZone);
  if (theirs.date === london.date && theirs.time === london.time) return null;
  return { ...theirs, zone: visitorZone, otherDay: theirs.date !== london.date };
}

export function isValidZone(zone: string): boolean {
  try {
    // Kept only when valid: an unknown zone throws before anything is kept.
    dateFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
