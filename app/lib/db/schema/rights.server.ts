/** Tables: clients' rights (issue 26 items 1-5, decision 049): exports, erasures, preferences, complaints. */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./accounts.server";
import { createdAt } from "./columns";

/**
 * A "download my data" file made on request: its JSON is kept here (a few kilobytes; in the database
 * it is erased with the account and needs no second store to clean), offered to its owner, signed
 * in, until `expires_at`, then deleted by the retention job.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("data_exports_user_idx").on(t.userId), index("data_exports_expires_idx").on(t.expiresAt)],
);

/**
 * An account closed (art. 17). The `user` row stays, anonymised, because orders, refunds and
 * bookings keep pointing at it for the years the law's record keeping asks; this row says it is no
 * longer a person and since when, which the retention job counts them from (six years after the end
 * of that tax year: `booksKeptUntil`, decision 061).
 */
export const erasedAccounts = pgTable("erased_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull(),
  /** Who asked: the client herself, or the owner on her request. */
  by: text("by", { enum: ["client", "owner"] }).notNull(),
});

/** The optional e-mails a client may turn off; no row means the defaults (all on). */
export const mailPreferences = pgTable("mail_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The reminder the day before a booked session. */
  sessionReminders: boolean("session_reminders").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * A data-protection complaint (Data (Use and Access) Act 2025): acknowledged by e-mail at once,
 * answered by the owner within 30 days. From anyone; `user_id` is set when she was signed in.
 */
export const complaints = pgTable(
  "complaints",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    /** When the acknowledgement e-mail went; null if it failed (the owner sees that). */
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    index("complaints_open_idx").on(t.createdAt).where(sql`${t.answeredAt} is null`),
    index("complaints_user_idx").on(t.userId),
  ],
);

export type Complaint = typeof complaints.$inferSelect;
