/** Tables: the booking waiting list (decision 047). */
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { SERVICE_IDS, WAITLIST_STATES } from "~/features/booking/booking-model";
import { user } from "./accounts.server";
import { bookings } from "./booking.server";
import { createdAt } from "./columns";

/**
 * A client waiting for a time on a fully booked London day, for one service. `waiting` in the order
 * they joined; `offered` once a time freed up and was held for them (`booking_id`, a `held` booking
 * whose hold lasts the offer's hours); `booked` when they used the offer to book (or pay for) a time
 * that day; `lapsed` when the hold ran out or was let go, so the next in line is offered, or the day
 * passed; `left` when they no longer wait. Offers are made under the day's lock, like every
 * booking write, so a held offer is as taken as a paid session.
 */
export const bookingWaitlist = pgTable(
  "booking_waitlist",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    serviceId: text("service_id", { enum: SERVICE_IDS }).notNull(),
    day: text("day").notNull(),
    state: text("state", { enum: WAITLIST_STATES }).notNull().default("waiting"),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One live place in the queue per client, service and day (a second tap changes nothing).
    uniqueIndex("booking_waitlist_live_idx")
      .on(t.userId, t.serviceId, t.day)
      .where(sql`${t.state} in ('waiting', 'offered')`),
    index("booking_waitlist_day_idx").on(t.day, t.state, t.createdAt),
    index("booking_waitlist_booking_idx").on(t.bookingId),
  ],
);

export type WaitlistEntry = typeof bookingWaitlist.$inferSelect;
