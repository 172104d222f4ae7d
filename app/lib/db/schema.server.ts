/**
 * The database schema, one module per part of the product; Drizzle (and drizzle-kit, see
 * drizzle.config.ts) read them all through this one.
 */
export * from "./schema/accounts.server";
export * from "./schema/booking.server";
export * from "./schema/booking-waitlist.server";
export * from "./schema/clients.server";
export * from "./schema/content.server";
export * from "./schema/diary.server";
export * from "./schema/discounts.server";
export * from "./schema/ledger.server";
export * from "./schema/paperwork.server";
export * from "./schema/rights.server";
export * from "./schema/shop.server";
export * from "./schema/site-pictures.server";
export * from "./schema/vouchers.server";
