import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { bookingPackages, bookingReminders, bookings, bookingWaitlist, packageCredits } from "~/lib/db/schema.server";
import { formatAmount } from "~/lib/format-price";
import type { PersonalDataHolder } from "~/lib/personal-data.server";
import type { AppServices } from "~/lib/services.server";
import { formatSessionTime } from "~/lib/zoned-time";
import { findService } from "./booking-model";
import { cancelBooking, cancellationTermsOf } from "./cancel-booking.server";
import { endPackage } from "./end-package.server";

/**
 * Booking's part of a person's data (decision 049). Closing an account cancels her future sessions
 * through `cancelBooking`, by the Refund Policy as if she cancelled each herself (the refund she was
 * shown first), and ends her packages through `endPackage` (unbooked sessions refunded in full).
 * The bookings stay (their money is in the books), with her note to the practitioner cleared.
 */
export const bookingPersonalData: PersonalDataHolder = {
  name: "booking",
  async export(services, userId) {
    const { db } = services.database;
    const sessions = await db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(bookings.startsAt);
    const packages = await db.select().from(bookingPackages).where(eq(bookingPackages.userId, userId));
    const credits = packages.length
      ? await db
          .select()
          .from(packageCredits)
          .where(
            inArray(
              packageCredits.packageId,
              packages.map((p) => p.id),
            ),
          )
      : [];
    const reminders = sessions.length
      ? await db
          .select()
          .from(bookingReminders)
          .where(
            inArray(
              bookingReminders.bookingId,
              sessions.map((s) => s.id),
            ),
          )
      : [];
    const waitingList = await db.select().from(bookingWaitlist).where(eq(bookingWaitlist.userId, userId));
    return { sessions, packages, packageCredits: credits, reminders, waitingList };
  },
  async preview(services, userId, now) {
    const said: string[] = [];
    for (const session of await futureSessions(services, userId, now)) {
      const terms = await cancellationTermsOf(services.database.db, session, now);
      const name = `${findService(session.serviceId)?.title ?? "Session"} on ${formatSessionTime(session.startsAt)}`;
      if (!terms.allowed) continue;
      if (session.creditId && terms.percent === 100) said.push(`${name}: cancelled, and refunded with your package.`);
      else said.push(`${name}: cancelled, ${formatAmount(terms.refundCents)} refunded (${terms.percent}%).`);
    }
    for (const pack of await openPackages(services, userId, now)) {
      said.push(
        `${findService(pack.serviceId)?.title ?? "Package"}: ${pack.unbooked === 1 ? "1 unbooked session" : `${pack.unbooked} unbooked sessions`} refunded, ${formatAmount(pack.cents)}.`,
      );
    }
    return said;
  },
  async release(services, { userId }, now) {
    for (const session of await futureSessions(services, userId, now)) {
      const terms = await cancellationTermsOf(services.database.db, session, now);
      if (!terms.allowed) continue;
      await cancelBooking(
        services,
        { bookingId: session.id, by: "client", userId, expectedRefundCents: terms.refundCents },
        now,
      );
    }
    // After the cancellations: a package's session cancelled in time gave its credit back.
    for (const pack of await openPackages(services, userId, now)) {
      await endPackage(services, { packageId: pack.id, userId }, now);
    }
  },
  async releaseAgain(tx, userId, closedAt) {
    // As the closing left them: her sessions after it cancelled (a restored diary must not show them,
    // nor keep their times from other clients), a hold still running then let go, and her packages
    // ended, every credit not used refunded. No money moves here (its refunds were made at the closing).
    const future = and(eq(bookings.userId, userId), gt(bookings.startsAt, closedAt));
    const cancelled = await tx
      .update(bookings)
      .set({
        status: "cancelled",
        cancelledAt: closedAt,
        cancelledBy: "client",
        sequence: sql`${bookings.sequence} + 1`,
      })
      .where(and(future, eq(bookings.status, "confirmed")))
      .returning({ creditId: bookings.creditId });
    await tx
      .update(bookings)
      .set({ status: "released", holdExpiresAt: null })
      .where(and(future, eq(bookings.status, "held")));
    const credits = cancelled.flatMap((row) => (row.creditId ? [row.creditId] : []));
    if (credits.length) {
      await tx
        .update(packageCredits)
        .set({ state: "refunded", updatedAt: closedAt })
        .where(and(inArray(packageCredits.id, credits), eq(packageCredits.state, "booked")));
    }
    const open = tx
      .select({ id: bookingPackages.id })
      .from(bookingPackages)
      .where(and(eq(bookingPackages.userId, userId), gt(bookingPackages.expiresAt, closedAt)));
    await tx
      .update(packageCredits)
      .set({ state: "refunded", updatedAt: closedAt })
      .where(and(inArray(packageCredits.packageId, open), eq(packageCredits.state, "available")));
    return cancelled.length;
  },
  async erase(tx, userId) {
    // Her note to the practitioner and her time zone go; the sessions stay (their money is in the books).
    await tx.update(bookings).set({ note: "", clientTimeZone: null }).where(eq(bookings.userId, userId));
    // Her places on waiting lists end with her account (decision 047).
    await tx.delete(bookingWaitlist).where(eq(bookingWaitlist.userId, userId));
  },
};

function futureSessions(services: AppServices, userId: string, now: Date) {
  return services.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, "confirmed"), gt(bookings.startsAt, now)));
}

/** Her packages still running with sessions left to book, and what they are worth. */
async function openPackages(services: AppServices, userId: string, now: Date) {
  const { db } = services.database;
  const packs = await db
    .select()
    .from(bookingPackages)
    .where(and(eq(bookingPackages.userId, userId), gt(bookingPackages.expiresAt, now)));
  const open = [];
  for (const pack of packs) {
    const credits = await db
      .select({ valueCents: packageCredits.valueCents })
      .from(packageCredits)
      .where(and(eq(packageCredits.packageId, pack.id), eq(packageCredits.state, "available")));
    if (credits.length > 0) {
      open.push({ ...pack, unbooked: credits.length, cents: credits.reduce((sum, c) => sum + c.valueCents, 0) });
    }
  }
  return open;
}
