/** Tables: the practitioner's diary (decision 045). */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./accounts.server";
import { bookings } from "./booking.server";
import { createdAt } from "./columns";

export const DIARY_PAYMENTS = ["paid_outside", "unpaid"] as const;

/**
 * A session the practitioner booked for a client (by phone, in person): no purchase, no money taken
 * by the site (`bookings.amount_cents` is 0 and `purchase_id` null), so nothing the site could ever
 * refund. What the client owes or paid her directly is kept here, for her diary only.
 */
export const diaryBookings = pgTable(
  "diary_bookings",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The price of the session when she booked it, in pence. */
    priceCents: integer("price_cents").notNull(),
    payment: text("payment", { enum: DIARY_PAYMENTS }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    bookedBy: text("booked_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("diary_bookings_price_check", sql`${t.priceCents} >= 0`),
    check("diary_bookings_paid_check", sql`(${t.payment} = 'paid_outside') = (${t.paidAt} is not null)`),
  ],
);
