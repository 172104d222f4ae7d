import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { AppServices } from "~/lib/services.server";
import { addDays, isDate, zonedDate, zonedTime } from "~/lib/zoned-time";
import { BOOKING_LIMITS, type BookableService } from "./booking-model";
import { listBusy, readAvailability } from "./booking-store.server";
import { bookableDays, bookingWindow, generateSlots } from "./generate-slots";

/**
 * What the booking page shows: every day from today to the horizon (or to `until`, a package's
 * expiry) with its number of free times, and whether a day without any is open but fully booked
 * (one may join its waiting list); the chosen day (or the first with a free time), and that day's
 * free times. `except` leaves out bookings that are free for this client: the session being
 * rescheduled, or a time the waiting list holds for them.
 */
export function getBookingCalendar(services: AppServices, input: CalendarInput, now?: Date) {
  if (now) return workOutCalendar(services, input, now);
  // Worked out once a minute per page rather than on every visit (60 days of slots: 2-3 ms of CPU),
  // and again at once when a booking, a blocked time or her hours change (decision 052). As at the end
  // of this minute, so a time is never offered later than the notice allows; booking checks again.
  const minute = Math.ceil(Date.now() / 60_000) * 60_000;
  const except =
    input.except === undefined ? [] : typeof input.except === "string" ? [input.except] : [...input.except];
  const key = [
    input.service.id,
    input.day ?? "",
    except.sort().join(","),
    input.until?.toISOString() ?? "",
    minute,
  ].join(" ");
  return cacheUntilChanged(services.database.db, CALENDARS, key, () =>
    workOutCalendar(services, input, new Date(minute)),
  );
}

type CalendarInput = {
  service: BookableService;
  day: string | null;
  except?: string | readonly string[] | undefined;
  until?: Date | undefined;
};

const CALENDARS: CacheSpec = {
  name: "booking-calendars",
  tables: ["bookings", "booking_blocks", "booking_settings", "site_settings"],
  ttlMs: 60_000,
  maxEntries: 300,
};

async function workOutCalendar(services: AppServices, input: CalendarInput, now: Date) {
  const { db } = services.database;
  const availability = await readAvailability(db);
  const window = bookingWindow(availability, now);
  const busy = await listBusy(db, { from: window.first, to: window.last }, now, input.except);
  const minutes = input.service.minutes;
  // A session must start before the package expires: its last day is the one the expiry falls in.
  const lastDay = input.until ? zonedDate(new Date(input.until.getTime() - 1)) : window.last;
  const beforeEnd = (start: Date) => !input.until || start < input.until;
  const days = bookableDays({ availability, minutes, busy, now })
    .filter((d) => d.date <= lastDay)
    .map((d) => {
      const free = input.until
        ? generateSlots({ availability, date: d.date, minutes, busy, now }).filter((s) => beforeEnd(s.start)).length
        : d.free;
      const full =
        free === 0 && !input.until && generateSlots({ availability, date: d.date, minutes, busy: [], now }).length > 0;
      return { date: d.date, free, full };
    });
  const requested = input.day && isDate(input.day) && days.some((d) => d.date === input.day) ? input.day : null;
  const selected = requested ?? days.find((d) => d.free > 0)?.date ?? window.first;
  const slots = generateSlots({ availability, date: selected, minutes, busy, now }).filter((s) => beforeEnd(s.start));
  return {
    days,
    selected,
    /** Every time on the chosen day is taken, though it is open: the page offers its waiting list. */
    selectedFull: days.find((d) => d.date === selected)?.full ?? false,
    slots: slots.map((slot) => ({ start: slot.start.toISOString(), time: zonedTime(slot.start) })),
    /** Dates before this one need the reg. 36 express request. */
    expressBefore: addDays(window.first, BOOKING_LIMITS.expressRequestDays),
  };
}
