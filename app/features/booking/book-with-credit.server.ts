import { and, asc, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { bookingPackages, bookings, orderLines, packageCredits } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { zonedDate } from "~/lib/zoned-time";
import { bookingMessages, EXPRESS_REQUEST_WORDING, findService } from "./booking-model";
import { listBusy, lockDays, readAvailability, releaseExpiredHolds } from "./booking-store.server";
import { takeUpOwnOffers } from "./booking-waitlist.server";
import { needsExpressRequest } from "./cancellation-terms";
import { scheduleReminders } from "./fulfil-booking.server";
import { isFreeSlot } from "./generate-slots";
import { checkPackageRule } from "./package-rules.server";
import { trySendBookingMail } from "./send-booking-mail.server";
import type { BookingRequest } from "./start-booking-checkout.server";

/**
 * Books a later session of a package the client bought, using one of its credits: no payment (the
 * package paid for it). The package row is locked first, so two tabs cannot spend one credit twice
 * (and a unique index lets a credit hold one live session at most), then the day, as any booking does.
 */
export async function bookWithCredit(
  services: AppServices,
  account: { id: string },
  input: Omit<BookingRequest, "serviceId"> & { packageId: string },
  now = new Date(),
): Promise<{ bookingId: string }> {
  const bookingId = crypto.randomUUID();
  await services.database.db.transaction(async (tx) => {
    const [pack] = await tx
      .select()
      .from(bookingPackages)
      .where(and(eq(bookingPackages.id, input.packageId), eq(bookingPackages.userId, account.id)))
      .for("update");
    if (!pack) throw new AppError("not_found", bookingMessages.notFound);
    const service = findService(pack.serviceId);
    if (!service) throw new AppError("not_found", "Service not found");
    if (!service.places.includes(input.place)) throw new AppError("invalid_request", bookingMessages.placeNotOffered);
    const [credit] = await tx
      .select()
      .from(packageCredits)
      .where(and(eq(packageCredits.packageId, pack.id), eq(packageCredits.state, "available")))
      .orderBy(asc(packageCredits.position))
      .limit(1)
      .for("update");
    if (!credit || pack.expiresAt <= now) throw new AppError("conflict", bookingMessages.noCredit, "Booking");
    // A package whose payment went back whole (a dispute lost, a Stripe Dashboard refund) ended its line:
    // its credits lend no more sessions.
    const [line] = await tx
      .select({ endedAt: orderLines.endedAt })
      .from(orderLines)
      .where(eq(orderLines.packageId, pack.id));
    if (line?.endedAt) throw new AppError("conflict", bookingMessages.noCredit, "Booking");
    const express = needsExpressRequest(input.startsAt, now);
    if (express && !input.expressRequest) {
      throw new AppError("invalid_request", bookingMessages.expressRequestMissing, "Booking");
    }
    const day = zonedDate(input.startsAt);
    await lockDays(tx, [day]);
    await releaseExpiredHolds(tx, [day], now);
    // A time held for this client from the waiting list is theirs to take.
    await takeUpOwnOffers(tx, account.id, day, now);
    const availability = await readAvailability(tx);
    const busy = await listBusy(tx, { from: day, to: day }, now);
    if (!isFreeSlot({ availability, start: input.startsAt, minutes: service.minutes, busy, now })) {
      throw new AppError("conflict", bookingMessages.slotTaken, "Booking");
    }
    await checkPackageRule(tx, pack.id, input.startsAt);
    await tx.insert(bookings).values({
      id: bookingId,
      userId: account.id,
      serviceId: pack.serviceId,
      place: input.place,
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + service.minutes * 60_000),
      day,
      status: "confirmed",
      note: input.note,
      clientTimeZone: input.clientTimeZone ?? null,
      expressRequest: express ? { at: now.toISOString(), wording: EXPRESS_REQUEST_WORDING } : null,
      purchaseId: pack.purchaseId,
      packageId: pack.id,
      creditId: credit.id,
      amountCents: credit.valueCents,
    });
    await tx.update(packageCredits).set({ state: "booked" }).where(eq(packageCredits.id, credit.id));
    await scheduleReminders(tx, { id: bookingId, startsAt: input.startsAt, place: input.place }, now);
  });
  await trySendBookingMail(services, bookingId, { kind: "confirmed", paidCents: null });
  return { bookingId };
}
