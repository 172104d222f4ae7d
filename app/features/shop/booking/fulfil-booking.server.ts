import { and, eq, notInArray } from "drizzle-orm";
import type { Transaction } from "~/lib/db/client.server";
import { bookingPackages, bookingReminders, bookings, type Purchase, purchases, refunds } from "~/lib/db/schema.server";
import type { PaidCheckout } from "../payment-provider.server";
import { bookingIdOfLine, findService, type Place } from "./booking-model";
import { listBusy, lockDays, readAvailability } from "./booking-store.server";
import { isClear } from "./generate-slots";
import { reminderSchedule } from "./reminder-schedule";
import { addDays, zonedDate, zonedInstant } from "./zoned-time";

export type BookingFulfilment = {
  purchaseId: string;
  bookingId: string;
  outcome: "confirmed" | "refused";
  refundIds: string[];
};

/** The booking a checkout pays for, from its line (`booking:<id>`); null for any other checkout. */
export function bookingOfCheckout(checkout: { productIds: string[] }): string | null {
  return checkout.productIds.length === 1 ? bookingIdOfLine(checkout.productIds[0] as string) : null;
}

/**
 * Where a payment becomes a booked session (called by `fulfilCheckout` inside its transaction). The
 * day's lock is taken, then the slot is checked again: if nobody else holds or has it, the session
 * is confirmed (even when its 15-minute hold ran out while the payment was on its way), its reminders
 * scheduled and, for a package, the package's credits opened. If the slot went to someone else,
 * the booking is refused and the payment refunded in full (with the apology e-mail, after commit).
 */
export async function fulfilBooking(
  tx: Transaction,
  checkout: PaidCheckout,
  existing: Purchase | undefined,
  bookingId: string,
  now = new Date(),
): Promise<BookingFulfilment | null> {
  const [found] = await tx.select({ day: bookings.day }).from(bookings).where(eq(bookings.id, bookingId));
  if (!found) return null;
  await lockDays(tx, [found.day]);
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!booking || booking.userId !== checkout.userId) return null;
  const service = findService(booking.serviceId);
  const purchaseId = existing?.id ?? booking.purchaseId;

  let outcome: BookingFulfilment["outcome"];
  if (booking.status === "held" || booking.status === "released") {
    const busy = await listBusy(tx, { from: booking.day, to: booking.day }, now, booking.id);
    const { bufferMinutes } = await readAvailability(tx);
    outcome = isClear({ start: booking.startsAt, end: booking.endsAt }, busy, bufferMinutes) ? "confirmed" : "refused";
  } else {
    // Already decided by an earlier delivery of this payment.
    outcome = booking.status === "refused" ? "refused" : "confirmed";
  }

  const values = {
    status: outcome === "confirmed" ? ("paid" as const) : ("refunded" as const),
    totalAmountCents: checkout.totalCents,
    paymentRef: checkout.paymentRef,
    refundedAt: outcome === "confirmed" ? null : now,
  };
  if (existing) {
    await tx.update(purchases).set(values).where(eq(purchases.id, existing.id));
  } else {
    await tx.insert(purchases).values({
      id: purchaseId,
      userId: checkout.userId,
      provider: checkout.provider,
      providerRef: checkout.ref,
      productIds: checkout.productIds,
      ...values,
    });
  }

  const refundIds: string[] = [];
  if (outcome === "confirmed") {
    await tx
      .update(bookings)
      .set({ status: "confirmed", holdExpiresAt: null, purchaseId })
      .where(eq(bookings.id, booking.id));
    await scheduleReminders(tx, booking, now);
    if (service && service.sessions > 1) {
      const expiresAt = new Date(booking.startsAt.getTime() + (service.windowDays ?? 31) * 86_400_000);
      await tx
        .insert(bookingPackages)
        .values({
          id: crypto.randomUUID(),
          userId: booking.userId,
          serviceId: booking.serviceId,
          purchaseId,
          sessions: service.sessions,
          firstStartsAt: booking.startsAt,
          // Credits end at the close of the package's last London day.
          expiresAt: zonedInstant(addDays(zonedDate(expiresAt), 1), "00:00"),
        })
        .onConflictDoNothing();
      const [pack] = await tx
        .select({ id: bookingPackages.id })
        .from(bookingPackages)
        .where(eq(bookingPackages.purchaseId, purchaseId));
      if (pack) await tx.update(bookings).set({ packageId: pack.id }).where(eq(bookings.id, booking.id));
    }
  } else {
    await tx
      .update(bookings)
      .set({ status: "refused", holdExpiresAt: null })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)));
    const [row] = await tx
      .insert(refunds)
      .values({
        id: crypto.randomUUID(),
        purchaseId,
        bookingId: booking.id,
        amountCents: checkout.totalCents,
        productIds: checkout.productIds,
        reason: "slot_taken",
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (row) refundIds.push(row.id);
  }
  return { purchaseId, bookingId: booking.id, outcome, refundIds };
}

/**
 * The session's reminders (`reminderSchedule`), kept in the database so none is lost or sent twice.
 * Called again on a reschedule: each reminder is due anew (and unsent), and one the new time no
 * longer has is removed.
 */
export async function scheduleReminders(
  tx: Transaction,
  session: { id: string; startsAt: Date; place: Place },
  now = new Date(),
): Promise<void> {
  const schedule = reminderSchedule(session, now);
  for (const { kind, dueAt } of schedule) {
    await tx
      .insert(bookingReminders)
      .values({ bookingId: session.id, kind, dueAt })
      .onConflictDoUpdate({
        target: [bookingReminders.bookingId, bookingReminders.kind],
        set: { dueAt, sentAt: null },
      });
  }
  const kept = schedule.map((reminder) => reminder.kind);
  await tx
    .delete(bookingReminders)
    .where(and(eq(bookingReminders.bookingId, session.id), notInArray(bookingReminders.kind, kept)));
}
