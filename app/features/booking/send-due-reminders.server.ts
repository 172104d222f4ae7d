import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { bookingReminders, bookings, mailPreferences } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { sendBookingMail } from "./send-booking-mail.server";

/**
 * Sends the reminders that are due, from the schedule in the database. Each is claimed first (its
 * `sent_at` set where it was still null), so a second process or a run after a restart finds it
 * taken and never sends it twice; one whose session is no longer confirmed, or has started, is never
 * sent. If the e-mail fails, the claim is undone and the next run tries again.
 */
export async function sendDueReminders(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services.database;
  const due = await db
    .select({ bookingId: bookingReminders.bookingId, kind: bookingReminders.kind })
    .from(bookingReminders)
    .innerJoin(bookings, eq(bookings.id, bookingReminders.bookingId))
    .where(
      and(
        isNull(bookingReminders.sentAt),
        lte(bookingReminders.dueAt, now),
        eq(bookings.status, "confirmed"),
        gt(bookings.startsAt, now),
      ),
    )
    .limit(100);
  let sent = 0;
  for (const reminder of due) {
    const key = and(eq(bookingReminders.bookingId, reminder.bookingId), eq(bookingReminders.kind, reminder.kind));
    const [claimed] = await db
      .update(bookingReminders)
      .set({ sentAt: now })
      .where(and(key, isNull(bookingReminders.sentAt)))
      .returning({ bookingId: bookingReminders.bookingId });
    if (!claimed) continue;
    // Checked again after the claim: a cancellation in between means no reminder.
    const [booking] = await db
      .select({ status: bookings.status, place: bookings.place, reminders: mailPreferences.sessionReminders })
      .from(bookings)
      .leftJoin(mailPreferences, eq(mailPreferences.userId, bookings.userId))
      .where(eq(bookings.id, reminder.bookingId));
    if (booking?.status !== "confirmed") continue;
    // She turned the day-before reminder off on her account page (the distance evening's note stays:
    // it says how the session happens).
    if (reminder.kind !== "distance_evening" && booking.reminders === false) continue;
    if (reminder.kind === "distance_evening" && booking.place !== "distance") continue;
    try {
      await sendBookingMail(services, reminder.bookingId, {
        kind: reminder.kind === "distance_evening" ? "distance_evening" : "reminder",
      });
      sent++;
    } catch (error) {
      await db.update(bookingReminders).set({ sentAt: null }).where(key);
      services.logger.warn({ err: error, bookingId: reminder.bookingId }, "reminder not sent; it will be retried");
    }
  }
  if (sent > 0) services.logger.info({ sent }, "booking reminders sent");
  return sent;
}
