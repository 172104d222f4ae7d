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
export async function getBookingCalendar(
  services: AppServices,
  input: { service: BookableService; day: string | null; except?: string | undefined },
  now = new Date(),
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
