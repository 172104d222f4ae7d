import type { AppServices } from "~/lib/services.server";
import { readAvailability } from "./booking-store.server";
import { type PublicHours, publicHoursOf } from "./public-hours";

/**
 * Booking's contract for the public pages (root, home, contact): the opening hours as her
 * availability sets them. Null with the database away: the page keeps the settings' hours, as the
 * frame does in an outage (decision 034).
 */
export async function readPublicHours(services: AppServices, now = new Date()): Promise<PublicHours | null> {
  try {
    return publicHoursOf((await readAvailability(services.database.db)).weekly, now);
  } catch (error) {
    services.logger.warn({ err: error }, "could not read the opening hours");
    return null;
  }
}
