/** Tables: discount codes (issue 14 item 7, decision 033). */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { DISCOUNT_KINDS, DISCOUNT_SCOPES } from "~/features/shop/discount/price-discount";
import { createdAt } from "./columns";

/** A code the owner gives out: a percentage or a fixed amount off, optionally limited. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: text("id").primaryKey(),
    /** As the owner wrote it; matched case-insensitively (unique in upper case). */
    code: text("code").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    /** A percentage (1-100) or pence off, by kind. */
    amount: integer("amount").notNull(),
    /** The end of its last valid day in UK time, stored UTC; null: no expiry. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** How many checkouts may use it; null: no limit. */
    maxUses: integer("max_uses"),
    /** The products it applies to; null: every product (never membership). */
    productIds: text("product_ids").array(),
    /** What it may be used on (issue 25 item 7): products, sessions, packages; products only by default. */
    appliesTo: text("applies_to", { enum: DISCOUNT_SCOPES }).array().notNull().default(sql`'{products}'::text[]`),
    /** Only for a client's first order ("£10 off your first Reiki session"). */
    firstTimeOnly: boolean("first_time_only").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_idx").on(sql`upper(${t.code})`),
    check(
      "discount_codes_amount",
      sql`${t.amount} > 0 and (${t.kind} <> 'percent' or ${t.amount} <= 100) and (${t.maxUses} is null or ${t.maxUses} > 0)`,
    ),
  ],
);

/**
 * One use of a code: a checkout that took it. Held from checkout creation; released when that
 * checkout closes unpaid. The limit counts the unreleased rows, under a lock on the code's row.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    /** The checkout's purchase id (the pending row is written after the provider answers, so no FK). */
    purchaseId: text("purchase_id").primaryKey(),
    codeId: text("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [index("discount_redemptions_code_idx").on(t.codeId).where(sql`${t.releasedAt} is null`)],
);

export type DiscountCode = typeof discountCodes.$inferSelect;
