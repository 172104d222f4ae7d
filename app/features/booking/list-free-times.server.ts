import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { findService } from "./booking-model";
import { listBusy, readAvailability } from "./booking-store.server";
import { practitionerSlots } from "./generate-slots";

/**
 * The times the practitioner can give a client on one London date, for booking (a past date: recording
 * a session that happened) or moving a session (`except`: the session being moved does not stand in
 * its own way). Only a picker's offer: the write checks again under the day's lock.
 */
export async function listFreeTimes(
  services: AppServices,
  input: { serviceId: string; date: string; except?: string | undefined },
  now = new Date(),
) {
  const service = findService(input.serviceId);
  if (!service) throw new AppError("not_found", "Service not found");
  const { db } = services.database;
  const availability = await readAvailability(db);
  const busy = await listBusy(db, { from: input.date, to: input.date }, now, input.except);
  return practitionerSlots({ availability, date: input.date, minutes: service.minutes, busy, now });
}
