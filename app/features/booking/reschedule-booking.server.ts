import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { bookings } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { zonedDate } from "~/lib/zoned-time";
import { bookingMessages, findService } from "./booking-model";
import { listBusy, lockDays, readAvailability, releaseExpiredHolds } from "./booking-store.server";
import { canReschedule } from "./cancellation-terms";
import { scheduleReminders } from "./fulfil-booking.server";
import { isFreeSlot, practitionerAvailability } from "./generate-slots";
import { checkPackageRule } from "./package-rules.server";
import { trySendBookingMail } from "./send-booking-mail.server";

/**
 * Moves a confirmed session to another free slot: the client her own, up to 24 hours before its
 * start; the practitioner any session not yet started, to any free time in her hours (no notice
 * period, decision 045). Both days are locked (in date order) and the new slot checked as a new
 * booking would be; moving to the time it already has is a no-op, so a repeated click changes nothing.
 */
export async function rescheduleBooking(
  services: AppServices,
  input: { bookingId: string; startsAt: Date } & ({ userId: string; by?: "client" } | { by: "practitioner" }),
  now = new Date(),
): Promise<{ moved: boolean }> {
  const byPractitioner = input.by === "practitioner";
  const { db } = services.database;
  const newDay = zonedDate(input.startsAt);
  const moved = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ day: bookings.day })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), "userId" in input ? eq(bookings.userId, input.userId) : undefined));
    if (!found) throw new AppError("not_found", bookingMessages.notFound);
    await lockDays(tx, [found.day, newDay]);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for("update");
    if (booking?.status !== "confirmed") throw new AppError("conflict", bookingMessages.notCancellable);
    if (booking.startsAt.getTime() === input.startsAt.getTime()) return false;
    if (byPractitioner ? booking.startsAt <= now : !canReschedule(booking.startsAt, now)) {
      throw new AppError(
        "conflict",
        byPractitioner ? bookingMessages.alreadyStarted : bookingMessages.rescheduleTooLate,
      );
    }
    const service = findService(booking.serviceId);
    if (!service) throw new AppError("not_found", "Service not found");
    await releaseExpiredHolds(tx, [newDay], now);
    const stored = await readAvailability(tx);
    const availability = byPractitioner ? practitionerAvailability(stored) : stored;
    const busy = await listBusy(tx, { from: newDay, to: newDay }, now, booking.id);
    if (!isFreeSlot({ availability, start: input.startsAt, minutes: service.minutes, busy, now })) {
      throw new AppError("conflict", bookingMessages.slotUnavailable, "Booking");
    }
    if (booking.packageId) await checkPackageRule(tx, booking.packageId, input.startsAt, booking.id);
    await tx
      .update(bookings)
      .set({
        startsAt: input.startsAt,
        endsAt: new Date(input.startsAt.getTime() + service.minutes * 60_000),
        day: newDay,
        sequence: booking.sequence + 1,
      })
      .where(eq(bookings.id, booking.id));
    await scheduleReminders(tx, { id: booking.id, startsAt: input.startsAt, place: booking.place }, now);
    return true;
  });
  if (moved) await trySendBookingMail(services, input.bookingId, { kind: "rescheduled" });
  return { moved };
}
