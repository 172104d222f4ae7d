import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { bookings, diaryBookings, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { zonedDate } from "~/lib/zoned-time";
import { bookingMessages, EXPRESS_REQUEST_WORDING, findService, type Place } from "./booking-model";
import { listBusy, lockDays, readAvailability, releaseExpiredHolds } from "./booking-store.server";
import { needsExpressRequest } from "./cancellation-terms";
import { scheduleReminders } from "./fulfil-booking.server";
import { isPractitionerSlot } from "./generate-slots";
import { trySendBookingMail } from "./send-booking-mail.server";

const BY_PHONE = "(Asked of the practitioner directly; recorded by her.)";

export type BookForClientInput = {
  clientId: string;
  serviceId: string;
  place: Place;
  startsAt: Date;
  note: string;
  /** Paid to her already (cash, card reader, bank transfer), or to pay at the session. */
  payment: "paid_outside" | "unpaid";
  /** Reg. 36: the client asked her (by phone) for a session within the 14-day cancellation period. */
  expressRequest: boolean;
};

/**
 * The practitioner books a single session for a client who phoned (decision 045). No purchase and no
 * money through the site: the session is `confirmed` at once with `amount_cents` 0, so the site can
 * never refund what it did not take; what the client paid or owes her is kept in `diary_bookings`.
 * The slot is checked under the day's lock exactly as a client's booking is (her hours, the buffer,
 * other sessions, holds and blocks), without the notice period. The client gets the usual
 * confirmation with the .ics and reminders. A past date records a session that already happened (a
 * walk-in, the weeks before she used the site), on any free time of the day and without e-mails.
 */
export async function bookForClient(
  services: AppServices,
  practitionerId: string,
  input: BookForClientInput,
  now = new Date(),
): Promise<{ bookingId: string }> {
  const service = findService(input.serviceId);
  // Packages start with a payment and credits (decision 041): she sells those through the shop.
  if (service?.sessions !== 1) throw new AppError("invalid_request", "Choose a single session.");
  if (!service.places.includes(input.place)) throw new AppError("invalid_request", bookingMessages.placeNotOffered);
  // A session that already happened is recorded: no confirmation, reminders or 14-day request.
  const past = input.startsAt < now;
  const express = !past && needsExpressRequest(input.startsAt, now);
  if (express && !input.expressRequest) throw new AppError("invalid_request", bookingMessages.expressRequestByPhone);
  const bookingId = crypto.randomUUID();
  const day = zonedDate(input.startsAt);
  await services.database.db.transaction(async (tx) => {
    const [client] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.clientId));
    if (!client) throw new AppError("invalid_request", bookingMessages.notClient);
    await lockDays(tx, [day]);
    await releaseExpiredHolds(tx, [day], now);
    const availability = await readAvailability(tx);
    const busy = await listBusy(tx, { from: day, to: day }, now);
    if (!isPractitionerSlot({ availability, start: input.startsAt, minutes: service.minutes, busy, now })) {
      throw new AppError("conflict", bookingMessages.slotUnavailable, "Booking");
    }
    await tx.insert(bookings).values({
      id: bookingId,
      userId: client.id,
      serviceId: service.id as (typeof bookings.$inferInsert)["serviceId"],
      place: input.place,
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + service.minutes * 60_000),
      day,
      status: "confirmed",
      note: input.note,
      expressRequest: express ? { at: now.toISOString(), wording: `${EXPRESS_REQUEST_WORDING} ${BY_PHONE}` } : null,
      purchaseId: null,
      amountCents: 0,
    });
    await tx.insert(diaryBookings).values({
      bookingId,
      priceCents: service.priceCents,
      payment: input.payment,
      paidAt: input.payment === "paid_outside" ? now : null,
      bookedBy: practitionerId,
    });
    if (!past) await scheduleReminders(tx, { id: bookingId, startsAt: input.startsAt, place: input.place }, now);
  });
  if (past) return { bookingId };
  await trySendBookingMail(services, bookingId, {
    kind: "confirmed",
    paidCents: null,
    bookedFor: { priceCents: service.priceCents, paid: input.payment === "paid_outside" },
  });
  return { bookingId };
}

/** A session she booked unpaid, paid to her afterwards. A repeat changes nothing (the first time stands). */
export async function markPaidOutside(services: AppServices, bookingId: string, now = new Date()) {
  const { db } = services.database;
  await db
    .update(diaryBookings)
    .set({ payment: "paid_outside", paidAt: now })
    .where(and(eq(diaryBookings.bookingId, bookingId), eq(diaryBookings.payment, "unpaid")));
  const [row] = await db.select().from(diaryBookings).where(eq(diaryBookings.bookingId, bookingId));
  if (!row) throw new AppError("not_found", bookingMessages.notFound);
}
