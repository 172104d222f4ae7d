/**
 * Tables: her paperwork (decision 050): VAT invoices numbered without gaps, the Digital Access
 * renewal reminders, and testimonials with the log of her decisions on them.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { TESTIMONIAL_ACTIONS, TESTIMONIAL_STATUSES, TESTIMONIAL_TOPICS } from "~/features/testimonials/model";
import { user } from "./accounts.server";
import { createdAt } from "./columns";
import { purchases } from "./shop.server";

/**
 * The next number of each gap-free series (one row: 'vat_invoice'). It is taken by
 * `update … set next = next + 1 returning` in the paying transaction: the row lock makes payers
 * that commit at once take their numbers one after the other, and a payment that rolls back gives
 * its number back with it, so the series has no gaps (a database sequence would leave one).
 */
export const numberSeries = pgTable("number_series", {
  name: text("name").primaryKey(),
  next: integer("next").notNull(),
});

/** One line as the invoice states it: VAT-inclusive price, the rate (basis points) and the VAT in it. */
export type InvoiceLine = { description: string; grossCents: number; rateBasisPoints: number; vatCents: number };

/**
 * A VAT invoice, as issued when the payment arrived (the tax point). What it states is kept as it was
 * (seller, VAT number, lines): settings and titles change later; an issued invoice must not.
 */
export const vatInvoices = pgTable(
  "vat_invoices",
  {
    number: integer("number").primaryKey(),
    purchaseId: text("purchase_id")
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    vatNumber: text("vat_number").notNull(),
    sellerName: text("seller_name").notNull(),
    sellerAddress: text("seller_address").notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    grossCents: integer("gross_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
  },
  (t) => [
    check(
      "vat_invoices_amounts",
      sql`${t.grossCents} >= 0 and ${t.vatCents} >= 0 and ${t.vatCents} <= ${t.grossCents}`,
    ),
  ],
);

/**
 * A renewal reminder sent to a Digital Access member (DMCC Act 2024, subscription contracts): one per
 * member and renewal date, so upkeep on several instances, or run twice, sends it once.
 */
export const membershipReminders = pgTable(
  "membership_reminders",
  {
    email: text("email").notNull(),
    renewsAt: timestamp("renews_at", { withTimezone: true }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.renewsAt] })],
);

/** A client's testimonial (DMCC Act 2024, fake reviews): only a client who bought or attended may leave one. */
export const testimonials = pgTable(
  "testimonials",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** As published: the first name only. */
    firstName: text("first_name").notNull(),
    body: text("body").notNull(),
    topic: text("topic", { enum: TESTIMONIAL_TOPICS }).notNull(),
    /** What made the writer a client (the purchase or the attended session), checked when written. */
    basis: text("basis").notNull(),
    /** The writer was given something for it: shown beside it, as the law asks. */
    incentivised: boolean("incentivised").notNull().default(false),
    status: text("status", { enum: TESTIMONIAL_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("testimonials_published_idx").on(t.topic, t.decidedAt).where(sql`${t.status} = 'approved'`),
    index("testimonials_user_idx").on(t.userId),
  ],
);

/** Who did what to a testimonial, when, and the words it had then: her decisions can be shown. */
export const testimonialLog = pgTable(
  "testimonial_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    testimonialId: text("testimonial_id")
      .notNull()
      .references(() => testimonials.id, { onDelete: "cascade" }),
    action: text("action", { enum: TESTIMONIAL_ACTIONS }).notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    body: text("body").notNull(),
    at: createdAt(),
  },
  (t) => [index("testimonial_log_testimonial_idx").on(t.testimonialId, t.at)],
);

export type VatInvoice = typeof vatInvoices.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
