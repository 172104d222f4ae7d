/**
 * Tables: gift vouchers (issue 25, decision 048). A voucher's balance is kept by the database from
 * its entries (a trigger adds each entry's signed amount; the check `vouchers_balance_check` refuses
 * any that would take it below zero, whoever writes and however many race: the update locks the
 * voucher's row). See the hand-written part of the vouchers migration.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  VOUCHER_ENTRY_KINDS,
  VOUCHER_KINDS,
  VOUCHER_PURPOSES,
  VOUCHER_SOURCES,
  VOUCHER_STATUSES,
} from "~/features/shop/voucher/voucher-model";
import { user } from "./accounts.server";
import { createdAt } from "./columns";
import { purchases, refunds } from "./shop.server";

export const vouchers = pgTable(
  "vouchers",
  {
    id: text("id").primaryKey(),
    /** `GIFT-XXXX-XXXX-XXXX-XXXX`, stored in that one form. */
    code: text("code").notNull(),
    kind: text("kind", { enum: VOUCHER_KINDS }).notNull(),
    /** Single- or multi-purpose, for VAT (issue 25 item 8). */
    purpose: text("purpose", { enum: VOUCHER_PURPOSES }).notNull(),
    /** A service voucher's session or package, by booking's id and its title as sold. */
    serviceId: text("service_id"),
    serviceTitle: text("service_title"),
    /** What it was worth when issued, in pence (what was paid for it, or what the owner gave). */
    valueCents: integer("value_cents").notNull(),
    /** What is left to spend, kept by the database from the entries. */
    balanceCents: integer("balance_cents").notNull().default(0),
    status: text("status", { enum: VOUCHER_STATUSES }).notNull(),
    source: text("source", { enum: VOUCHER_SOURCES }).notNull(),
    /** The order that sold it (null for one the owner issued). */
    purchaseId: text("purchase_id").references(() => purchases.id, { onDelete: "restrict" }),
    buyerUserId: text("buyer_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Personal data (export and erasure: `voucher-personal-data.server.ts`). */
    buyerName: text("buyer_name").notNull().default(""),
    recipientName: text("recipient_name").notNull().default(""),
    recipientEmail: text("recipient_email"),
    message: text("message").notNull().default(""),
    /** When the recipient's e-mail is due (UTC; the buyer chose a London date); null: not by e-mail. */
    sendAt: timestamp("send_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The owner's note on one she issued or voided. */
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("vouchers_code_idx").on(t.code),
    uniqueIndex("vouchers_purchase_idx").on(t.purchaseId),
    index("vouchers_created_idx").on(t.createdAt),
    // The upkeep's question: e-mails due and not yet sent.
    index("vouchers_due_idx").on(t.sendAt).where(sql`${t.sentAt} is null and ${t.status} = 'active'`),
    check("vouchers_balance_check", sql`${t.balanceCents} >= 0`),
    check("vouchers_value_check", sql`${t.valueCents} > 0`),
    check("vouchers_service_check", sql`(${t.kind} = 'service') = (${t.serviceId} is not null)`),
  ],
);

/** Every change to a voucher's balance, never changed or removed. */
export const voucherEntries = pgTable(
  "voucher_entries",
  {
    id: text("id").primaryKey(),
    voucherId: text("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: VOUCHER_ENTRY_KINDS }).notNull(),
    /** The signed change to the balance, in pence. */
    amountCents: integer("amount_cents").notNull(),
    /**
     * The order it paid (redeem, release, restore, retake) or that sold it (issue, cancel). No foreign key: a
     * hold is taken before its checkout's order row is written (as a discount code's use is).
     */
    purchaseId: text("purchase_id"),
    /** The refund that gave it back (restore), or that cancelled it (cancel, reissue). */
    refundId: text("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("voucher_entries_voucher_idx").on(t.voucherId, t.createdAt),
    // One hold per order, one release of it, one retaking, one restoration per refund: a repeat is a no-op.
    uniqueIndex("voucher_entries_redeem_idx").on(t.purchaseId).where(sql`${t.kind} = 'redeem'`),
    uniqueIndex("voucher_entries_release_idx").on(t.purchaseId).where(sql`${t.kind} = 'release'`),
    uniqueIndex("voucher_entries_retake_idx").on(t.purchaseId).where(sql`${t.kind} = 'retake'`),
    uniqueIndex("voucher_entries_restore_idx").on(t.refundId).where(sql`${t.kind} = 'restore'`),
    uniqueIndex("voucher_entries_issue_idx").on(t.voucherId).where(sql`${t.kind} = 'issue'`),
    check(
      "voucher_entries_sign_check",
      sql`(${t.kind} in ('issue', 'release', 'restore', 'reissue', 'topup') and ${t.amountCents} > 0) or (${t.kind} in ('redeem', 'cancel', 'retake') and ${t.amountCents} < 0)`,
    ),
  ],
);

export type Voucher = typeof vouchers.$inferSelect;
export type VoucherEntry = typeof voucherEntries.$inferSelect;
