/** Tables: booking (decision 032). */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  ATTENDANCE,
  BOOKING_STATUSES,
  CANCELLED_BY,
  CREDIT_STATES,
  PLACES,
  REMINDER_KINDS,
  SERVICE_IDS,
} from "~/features/booking/booking-model";
import type { DatedException, WeeklyHours } from "~/features/booking/generate-slots";
import { user } from "./accounts.server";
import { createdAt, updatedAt } from "./columns";

/**
 * A booked (or held) session. No two live sessions overlap: every write that could make one takes
 * the lock row of its London day in `booking_days` first (`SELECT … FOR UPDATE`), then checks and
 * writes in the same transaction, so racing requests for one day run one after the other, on one
 * process or many. The unique index on the start of live sessions is a second net under that rule.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    serviceId: text("service_id", { enum: SERVICE_IDS }).notNull(),
    place: text("place", { enum: PLACES }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The London date of the start: the key of the day's lock row. */
    day: text("day").notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull(),
    /** While `held`: when the slot is let go if still unpaid. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    note: text("note").notNull().default(""),
    /** The client's own time zone, from their browser at booking (an IANA name): e-mails give their time too. */
    clientTimeZone: text("client_time_zone"),
    /** Reg. 36: when and to what wording the client asked for the session within the cancellation period. */
    expressRequest: jsonb("express_request").$type<{ at: string; wording: string }>(),
    /** The purchase that paid for it (a package's purchase pays all its sessions); none for a session the
     * practitioner booked herself (decision 045: paid to her directly or not yet). */
    purchaseId: text("purchase_id"),
    packageId: text("package_id"),
    /** The package credit this session spends (decision 041). */
    creditId: text("credit_id").references((): AnyPgColumn => packageCredits.id, { onDelete: "restrict" }),
    /** What this session is worth for a refund: its price, or its share of the package. */
    amountCents: integer("amount_cents").notNull(),
    attendance: text("attendance", { enum: ATTENDANCE }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by", { enum: CANCELLED_BY }),
    /** Bumped at each reschedule or cancellation: the .ics SEQUENCE, so calendars take the change. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("bookings_user_idx").on(t.userId, t.startsAt),
    index("bookings_day_idx").on(t.day, t.status),
    index("bookings_starts_idx").on(t.startsAt).where(sql`${t.status} = 'confirmed'`),
    uniqueIndex("bookings_live_start_idx").on(t.startsAt).where(sql`${t.status} in ('held', 'confirmed')`),
    index("bookings_purchase_idx").on(t.purchaseId),
    // A credit is spent by one live session at a time.
    uniqueIndex("bookings_live_credit_idx").on(t.creditId).where(sql`${t.status} in ('held', 'confirmed')`),
    // A session with no purchase (booked by the practitioner, decision 045) took nothing, so is worth nothing to refund.
    check("bookings_unpaid_amount_check", sql`${t.purchaseId} is not null or ${t.amountCents} = 0`),
  ],
);

/** One row per London day that has ever been booked: the lock every booking write of that day takes. */
export const bookingDays = pgTable("booking_days", {
  day: text("day").primaryKey(),
});

/** Times the practitioner blocked by hand. */
export const bookingBlocks = pgTable(
  "booking_blocks",
  {
    id: text("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("booking_blocks_starts_idx").on(t.startsAt)],
);

/** A package bought (Healing or Transformation Journey): its sessions after the first are credits. */
export const bookingPackages = pgTable(
  "booking_packages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    serviceId: text("service_id", { enum: SERVICE_IDS }).notNull(),
    purchaseId: text("purchase_id").notNull().unique(),
    sessions: integer("sessions").notNull(),
    /** The first session's start: the package's rules count from it. */
    firstStartsAt: timestamp("first_starts_at", { withTimezone: true }).notNull(),
    /** Credits not booked by then expire. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("booking_packages_user_idx").on(t.userId)],
);

/**
 * A package's sessions, one row each, in exactly one state (decision 041): `available` to book,
 * `booked` for a live session, `attended` or `missed` once it has happened, `refunded` when its
 * money went back (the package ended, or a late cancellation's share), `expired` when the package
 * ran out unused. A cancelled session in time returns its credit to `available` and refunds nothing.
 * The sessions that spent it name it (`bookings.credit_id`; one live session at a time).
 */
export const packageCredits = pgTable(
  "package_credits",
  {
    id: text("id").primaryKey(),
    packageId: text("package_id")
      .notNull()
      .references(() => bookingPackages.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    state: text("state", { enum: CREDIT_STATES }).notNull(),
    /** Its share of what the package took: the shares add up to the line's amount. */
    valueCents: integer("value_cents").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("package_credits_position_idx").on(t.packageId, t.position),
    check("package_credits_value_check", sql`${t.valueCents} >= 0`),
  ],
);

/**
 * The reminder schedule, durable: a row per reminder due, claimed by setting `sent_at` before the
 * e-mail goes (so two processes or a restart never send it twice) and skipped for a session that is
 * no longer confirmed.
 */
export const bookingReminders = pgTable(
  "booking_reminders",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REMINDER_KINDS }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.kind] }),
    index("booking_reminders_due_idx").on(t.dueAt).where(sql`${t.sentAt} is null`),
  ],
);

/** The practitioner's availability (one row, id 'practice'); absent, the practice defaults apply. */
export const bookingSettings = pgTable("booking_settings", {
  id: text("id").primaryKey(),
  weekly: jsonb("weekly").$type<WeeklyHours>().notNull(),
  exceptions: jsonb("exceptions").$type<DatedException[]>().notNull(),
  bufferMinutes: integer("buffer_minutes").notNull(),
  noticeHours: integer("notice_hours").notNull(),
  horizonDays: integer("horizon_days").notNull(),
  /** The private calendar feed's secret; null when revoked. */
  feedToken: text("feed_token"),
  updatedAt: updatedAt(),
});

export type Booking = typeof bookings.$inferSelect;
export type BookingPackage = typeof bookingPackages.$inferSelect;
export type PackageCredit = typeof packageCredits.$inferSelect;
