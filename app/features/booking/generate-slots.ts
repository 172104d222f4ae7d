/**
 * Which start times are free, computed on the server in the practice's zone (Europe/London). Pure:
 * the caller passes the availability, what is already taken, and the time now.
 */

import { addDays, isDate, isTime, PRACTICE_ZONE, weekdayOf, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { BOOKING_LIMITS } from "./booking-model";

export type TimeRange = { start: string; end: string };
/** Opening hours by weekday, 0 = Sunday … 6 = Saturday. */
export type WeeklyHours = Record<number, TimeRange[]>;
/** A dated exception: the day's hours instead of the weekly ones; no ranges = closed. */
export type DatedException = { date: string; ranges: TimeRange[] };

export type Availability = {
  weekly: WeeklyHours;
  exceptions: DatedException[];
  bufferMinutes: number;
  noticeHours: number;
  horizonDays: number;
};

export type Interval = { start: Date; end: Date };

const MINUTE = 60_000;

/** The opening hours of one London date: its exception if it has one, else its weekday's. */
export function hoursOn(availability: Availability, date: string): TimeRange[] {
  const exception = availability.exceptions.find((e) => e.date === date);
  const ranges = exception ? exception.ranges : (availability.weekly[weekdayOf(date)] ?? []);
  return ranges.filter((r) => isTime(r.start) && isTime(r.end) && r.start < r.end);
}

/** The first and last London dates a client may book on, seen at `now`. */
export function bookingWindow(availability: Availability, now: Date) {
  const today = zonedDate(now, PRACTICE_ZONE);
  return { first: today, last: addDays(today, availability.horizonDays) };
}

/** Whether [start, end) is clear of everything taken, keeping the buffer on both sides. */
export function isClear(slot: Interval, busy: readonly Interval[], bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE;
  return busy.every(
    (b) => slot.end.getTime() + buffer <= b.start.getTime() || slot.start.getTime() >= b.end.getTime() + buffer,
  );
}

/** One London date's times for a session of `minutes`, around what is `busy`, as seen at `now`. */
export type SlotQuery = {
  availability: Availability;
  date: string;
  minutes: number;
  busy: readonly Interval[];
  now: Date;
};

/**
 * The free start times on one London date for a session of `minutes`: on a grid from each opening
 * range's start, ending within the range, at least `noticeHours` from now, within the horizon, and
 * clear (with the buffer) of every busy interval. Ranges are turned into instants first, so the
 * spring and autumn clock changes shift nothing: 09:00 is 09:00 on the wall in GMT and in BST.
 */
export function generateSlots(input: SlotQuery): Interval[] {
  const { availability, date, minutes, busy, now } = input;
  if (!isDate(date)) return [];
  const window = bookingWindow(availability, now);
  if (date < window.first || date > window.last) return [];
  const earliest = now.getTime() + availability.noticeHours * 60 * MINUTE;
  const step = BOOKING_LIMITS.slotStepMinutes * MINUTE;
  const slots: Interval[] = [];
  for (const range of hoursOn(availability, date)) {
    const open = zonedInstant(date, range.start).getTime();
    const close = zonedInstant(date, range.end).getTime();
    for (let start = open; start + minutes * MINUTE <= close; start += step) {
      if (start < earliest) continue;
      const slot = { start: new Date(start), end: new Date(start + minutes * MINUTE) };
      if (isClear(slot, busy, availability.bufferMinutes)) slots.push(slot);
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Whether `start` is one of the free slots of its London date (what the server checks on every booking). */
export function isFreeSlot(input: Omit<SlotQuery, "date"> & { start: Date }): boolean {
  const date = zonedDate(input.start, PRACTICE_ZONE);
  return generateSlots({ ...input, date }).some((slot) => slot.start.getTime() === input.start.getTime());
}

/** Every date from today to the horizon with how many free slots it has (the calendar's days). */
export function bookableDays(input: Omit<SlotQuery, "date">): { date: string; free: number }[] {
  const { first, last } = bookingWindow(input.availability, input.now);
  const days: { date: string; free: number }[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    days.push({ date, free: generateSlots({ ...input, date }).length });
  }
  return days;
}

/**
 * The practitioner's own view of her hours when she books or moves a session herself (decision 045):
 * the same opening hours, buffer and taken times, but no notice period and no horizon, since those
 * protect her from clients, not from herself. Past times stay closed (the grid starts from now).
 */
export function practitionerAvailability(availability: Availability): Availability {
  // A century: no horizon in practice, and the date arithmetic stays finite.
  return { ...availability, noticeHours: 0, horizonDays: 36_600 };
}

/** The hours the diary offers for recording a session that already happened (a walk-in, a paper diary's week). */
export const RECORDING_HOURS: TimeRange = { start: "07:00", end: "21:00" };

/**
 * The times the practitioner can give on one London date: on a past date, any time on the grid of
 * `RECORDING_HOURS` clear of what is taken (she is recording what happened, whatever her hours were);
 * from today on, her own hours without notice or horizon (`practitionerAvailability`).
 */
export function practitionerSlots(input: SlotQuery): Interval[] {
  const { availability, date, minutes, busy, now } = input;
  if (!isDate(date)) return [];
  if (date >= zonedDate(now, PRACTICE_ZONE)) {
    return generateSlots({ availability: practitionerAvailability(availability), date, minutes, busy, now });
  }
  const recorded = { ...availability, exceptions: [{ date, ranges: [RECORDING_HOURS] }], noticeHours: 0 };
  // Generated as if seen on that morning, so the grid is the same as any open day's.
  return generateSlots({
    availability: practitionerAvailability(recorded),
    date,
    minutes,
    busy,
    now: zonedInstant(date, "00:00"),
  });
}

export function isPractitionerSlot(input: {
  availability: Availability;
  start: Date;
  minutes: number;
  busy: readonly Interval[];
  now: Date;
}): boolean {
  const date = zonedDate(input.start, PRACTICE_ZONE);
  return practitionerSlots({ ...input, date }).some((slot) => slot.start.getTime() === input.start.getTime());
}
