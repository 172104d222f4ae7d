import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { AppServices } from "~/lib/services.server";
import { addDays, isDate, zonedTime } from "~/lib/zoned-time";
import { BOOKING_LIMITS, type BookableService } from "./booking-model";
import { listBusy, readAvailability } from "./booking-store.server";
import { bookableDays, bookingWindow, generateSlots } from "./generate-slots";

/**
 * What the booking page shows: every day from today to the horizon with its number of free times,
 * the chosen day (or the first with a free time), and that day's free times. `except` leaves out the
 * session being rescheduled, so its own time counts as free.
 */
export function getBookingCalendar(
  services: AppServices,
  input: { service: BookableService; day: string | null; except?: string | undefined },
  now?: Date,
) {
  if (now) return workOutCalendar(services, input, now);
  // Worked out once a minute per page rather than on every visit (60 days of slots: 2-3 ms of CPU),
  // and again at once when a booking, a blocked time or her hours change (decision 052). As at the end
  // of this minute, so a time is never offered later than the notice allows; booking checks again.
  const minute = Math.ceil(Date.now() / 60_000) * 60_000;
  const key = `${input.service.id} ${input.day ?? ""} ${input.except ?? ""} ${minute}`;
  return cacheUntilChanged(services.database.db, CALENDARS, key, () =>
    workOutCalendar(services, input, new Date(minute)),
  );
}

const CALENDARS: CacheSpec = {
  name: "booking-calendars",
  tables: ["bookings", "booking_blocks", "booking_settings", "site_settings"],
  ttlMs: 60_000,
  maxEntries: 300,
};

async function workOutCalendar(
  services: AppServices,
  input: { service: BookableService; day: string | null; except?: string | undefined },
  now: Date,
) {
  const { db } = services.database;
  const availability = await readAvailability(db);
  const window = bookingWindow(availability, now);
  const busy = await listBusy(db, { from: window.first, to: window.last }, now, input.except);
  const days = bookableDays({ availability, minutes: input.service.minutes, busy, now });
  const requested = input.day && isDate(input.day) ? input.day : null;
  const selected = requested ?? days.find((d) => d.free > 0)?.date ?? window.first;
  const slots = generateSlots({ availability, date: selected, minutes: input.service.minutes, busy, now });
  return {
    days,
    selected,
    slots: slots.map((slot) => ({ start: slot.start.toISOString(), time: zonedTime(slot.start) })),
    /** Dates before this one need the reg. 36 express request. */
    expressBefore: addDays(window.first, BOOKING_LIMITS.expressRequestDays),
  };
}
