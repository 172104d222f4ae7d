/**
 * Tables: the ledger (decision 040). An order (a `purchases` row) is lines; every refund is allocated
 * to the lines it gives money back for. The database itself keeps each line's refunded total within
 * what the line took (a check constraint, kept by triggers on the allocations: see the migration
 * `0010_ledger.sql`), so no path and no race can pay back more than was taken.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { LINE_KINDS } from "~/features/shop/model";
import { bookingPackages, bookings } from "./booking.server";
import { createdAt } from "./columns";
import { products, purchases, refunds } from "./shop.server";
import { vouchers } from "./vouchers.server";

export const orderLines = pgTable(
  "order_lines",
  {
    id: text("id").primaryKey(),
    purchaseId: text("purchase_id")
      .notNull()
      .references(() => purchases.id, { onDelete: "restrict" }),
    /** Its place in the order, as the buyer saw it. */
    position: integer("position").notNull(),
    kind: text("kind", { enum: LINE_KINDS }).notNull(),
    /** A product or the membership plan; null only where the product was gone before lines were kept. */
    productId: text("product_id").references(() => products.id, { onDelete: "restrict" }),
    /** A session, or a package's first session. */
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    /** A package, once its payment arrived. */
    packageId: text("package_id").references(() => bookingPackages.id, { onDelete: "restrict" }),
    /** A gift voucher, for a voucher's sale (decision 048). */
    voucherId: text("voucher_id").references(() => vouchers.id, { onDelete: "restrict" }),
    /** What the buyer was sold, as it read when sold (prices and titles change; receipts must not). */
    title: text("title").notNull(),
    /** What the line took, after its share of any discount, in pence. */
    amountCents: integer("amount_cents").notNull(),
    /** Its share of a discount code, in pence. */
    discountCents: integer("discount_cents").notNull().default(0),
    /** Money given back for this line so far (refunds not failed), kept by the database's triggers. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** When what the line gave was taken back (a refunded product no longer downloads). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_lines_purchase_idx").on(t.purchaseId, t.position),
    index("order_lines_product_idx").on(t.productId),
    uniqueIndex("order_lines_booking_idx").on(t.bookingId),
    check("order_lines_amount_check", sql`${t.amountCents} >= 0 and ${t.discountCents} >= 0`),
    check("order_lines_refund_cap", sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
    check("order_lines_reference_check", sql`${t.kind} not in ('session', 'package') or ${t.bookingId} is not null`),
    check("order_lines_voucher_check", sql`${t.kind} <> 'voucher' or ${t.voucherId} is not null`),
  ],
);

/** How much of one refund goes back for one line. */
export const refundLines = pgTable(
  "refund_lines",
  {
    refundId: text("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "restrict" }),
    lineId: text("line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.lineId] }),
    index("refund_lines_line_idx").on(t.lineId),
    check("refund_lines_amount_check", sql`${t.amountCents} > 0`),
  ],
);

export type OrderLine = typeof orderLines.$inferSelect;
