import { and, eq, notInArray } from "drizzle-orm";
import { type PaidCheckout, recordRefund, writeOrderLines } from "~/features/shop/line-kinds.server";
import type { Transaction } from "~/lib/db/client.server";
import {
  bookingPackages,
  bookingReminders,
  bookings,
  erasedAccounts,
  orderLines,
  type Purchase,
  packageCredits,
  purchases,
} from "~/lib/db/schema.server";
import { addDays, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { type BookableService, bookingIdOfLine, creditShares, findService, type Place } from "./booking-model";
import { listBusy, lockDays, readAvailability } from "./booking-store.server";
import { isClear } from "./generate-slots";
import { reminderSchedule } from "./reminder-schedule";

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
  // Only a session she booked herself has no purchase (decision 045), and no payment is ever for it.
  if (!purchaseId) return null;

  let outcome: BookingFulfilment["outcome"];
  if (booking.status === "held" || booking.status === "released") {
    // Her account was closed while the payment was on its way (or, after a restore, a payment made
    // before the closing is replayed): nobody is left to come, so it is refunded, not booked.
    const [closed] = await tx
      .select({ userId: erasedAccounts.userId })
      .from(erasedAccounts)
      .where(eq(erasedAccounts.userId, booking.userId));
    const busy = await listBusy(tx, { from: booking.day, to: booking.day }, now, booking.id);
    const { bufferMinutes } = await readAvailability(tx);
    outcome =
      !closed && isClear({ start: booking.startsAt, end: booking.endsAt }, busy, bufferMinutes)
        ? "confirmed"
        : "refused";
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
    // The payment came before the checkout's own row was written: the row and its line are made here.
    await tx.insert(purchases).values({
      id: purchaseId,
      userId: checkout.userId,
      provider: checkout.provider,
      providerRef: checkout.ref,
      productIds: [],
      ...values,
    });
  }
  await writeOrderLines(tx, purchaseId, [sessionLine(service, booking, checkout.totalCents)]);

  const refundIds: string[] = [];
  if (outcome === "confirmed") {
    await tx
      .update(bookings)
      .set({ status: "confirmed", holdExpiresAt: null, purchaseId })
      .where(eq(bookings.id, booking.id));
    await scheduleReminders(tx, booking, now);
    if (service && service.sessions > 1) await openPackage(tx, { service, booking, purchaseId });
  } else {
    await tx
      .update(bookings)
      .set({ status: "refused", holdExpiresAt: null })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)));
    // All the line took: a gift voucher's part of it goes back to the voucher (decision 048).
    const [line] = await tx
      .select({ amountCents: orderLines.amountCents })
      .from(orderLines)
      .where(eq(orderLines.bookingId, booking.id));
    const refundId = await recordRefund(tx, {
      purchaseId,
      bookingId: booking.id,
      amountCents: line?.amountCents ?? checkout.totalCents,
      reason: "slot_taken",
    });
    if (refundId) refundIds.push(refundId);
  }
  return { purchaseId, bookingId: booking.id, outcome, refundIds };
}

/** The order line a booking's payment is for: a session, or a package (named by its first session). */
export function sessionLine(
  service: BookableService | undefined,
  booking: { id: string; serviceId: string },
  cents: number,
) {
  return {
    kind: service && service.sessions > 1 ? ("package" as const) : ("session" as const),
    bookingId: booking.id,
    title: service?.title ?? booking.serviceId,
    amountCents: cents,
  };
}

/**
 * A package's credits, opened when its payment arrives (decision 041): one row per session, the
 * first booked by the session just paid for, the others available until the package expires. Their
 * values share what the package's line took, so refunding them all gives back exactly that.
 */
async function openPackage(
  tx: Transaction,
  {
    service,
    booking,
    purchaseId,
  }: { service: BookableService; booking: typeof bookings.$inferSelect; purchaseId: string },
) {
  const expiresAt = new Date(booking.startsAt.getTime() + (service.windowDays ?? 31) * 86_400_000);
  const packageId = crypto.randomUUID();
  const [made] = await tx
    .insert(bookingPackages)
    .values({
      id: packageId,
      userId: booking.userId,
      serviceId: booking.serviceId,
      purchaseId,
      sessions: service.sessions,
      firstStartsAt: booking.startsAt,
      // Credits end at the close of the package's last London day.
      expiresAt: zonedInstant(addDays(zonedDate(expiresAt), 1), "00:00"),
    })
    .onConflictDoNothing()
    .returning({ id: bookingPackages.id });
  if (!made) return;
  const [line] = await tx
    .update(orderLines)
    .set({ packageId })
    .where(and(eq(orderLines.purchaseId, purchaseId), eq(orderLines.kind, "package")))
    .returning({ amountCents: orderLines.amountCents });
  const shares = creditShares(line?.amountCents ?? 0, service.sessions);
  const creditIds = shares.map(() => crypto.randomUUID());
  await tx.insert(packageCredits).values(
    shares.map((valueCents, position) => ({
      id: creditIds[position] as string,
      packageId,
      position,
      state: position === 0 ? ("booked" as const) : ("available" as const),
      valueCents,
    })),
  );
  await tx
    .update(bookings)
    .set({ packageId, creditId: creditIds[0] as string, amountCents: shares[0] ?? 0 })
    .where(eq(bookings.id, booking.id));
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
