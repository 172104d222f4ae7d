/** Tables: catalogue and sales (spec §3). */
import { sql } from "drizzle-orm";
import {
  boolean,
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
  ACCESS_GRANTS,
  PAYMENT_PROVIDERS,
  PRODUCT_TYPES,
  PURCHASE_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  UPLOAD_KINDS,
} from "~/features/shop/model";
import { user } from "./accounts.server";
import { createdAt, updatedAt } from "./columns";
import { events, galleryPhotos, songs } from "./content.server";
import { sitePictures } from "./site-pictures.server";

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull().default(""),
    description: text("description").notNull().default(""),
    category: text("category"),
    productType: text("product_type", { enum: PRODUCT_TYPES }).notNull().default("digital_guide"),
    priceCents: integer("price_cents").notNull().default(0),
    durationMinutes: integer("duration_minutes"),
    imageUrl: text("image_url"),
    /** Storage key of the main file; never a public URL. */
    downloadUrl: text("download_url"),
    videoUrl: text("video_url"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    /** Storage keys of the PDF attachments. */
    pdfAttachments: text("pdf_attachments").array().notNull().default(sql`'{}'::text[]`),
    isFeatured: boolean("is_featured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Set when a product that has buyers is deleted: gone from the catalogue, kept for its buyers. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_sort_idx").on(t.sortOrder),
    // The catalogue's order over the listed products: a page of ids and the count of all pages are
    // read from this small index rather than from the table with its long descriptions.
    index("products_catalogue_idx").on(t.sortOrder, t.title, t.id).where(sql`${t.archivedAt} is null`),
  ],
);

export const purchases = pgTable(
  "purchases",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    /** Its life is described where the values are (`PURCHASE_STATUSES`); users only see 'paid'. */
    status: text("status", { enum: PURCHASE_STATUSES }).notNull(),
    createdAt: createdAt(),
    totalAmountCents: integer("total_amount_cents").notNull(),
    productIds: text("product_ids").array().notNull(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's checkout or payment reference; unique so one checkout fulfils once. */
    providerRef: text("provider_ref"),
    /** UK Consumer Contracts Regulations reg. 37: when and to what wording the buyer consented. */
    consent: jsonb("consent").$type<{ at: string; wording: string }>(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** The provider's payment reference (Stripe PaymentIntent), which refunds and disputes name. */
    paymentRef: text("payment_ref"),
    /** The owner's note on an order she made by hand (a product granted at no charge). */
    note: text("note"),
    /** When the payment arrived (the receipt's date); null until paid. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The discount code applied (as the owner wrote it) and what it took off, in pence (decision 033). */
    discountCode: text("discount_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    /** What a gift voucher paid of the order, beside what was charged (decision 048); lines add up to both. */
    voucherCents: integer("voucher_cents").notNull().default(0),
  },
  (t) => [
    index("purchases_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("purchases_provider_ref_idx").on(t.provider, t.providerRef),
    index("purchases_payment_ref_idx").on(t.paymentRef),
    // Open checkouts, for expiring stale ones: a small index, as few checkouts are open at a time.
    index("purchases_open_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Every file handed out: who, which product, which file, when. */
export const downloadLog = pgTable(
  "download_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    /** The storage key served. */
    fileKey: text("file_key").notNull(),
    /** Why it was allowed. */
    grant: text("grant", { enum: ACCESS_GRANTS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("download_log_user_idx").on(t.userId, t.createdAt)],
);

export const subscribers = pgTable("subscribers", {
  email: text("email").primaryKey(),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  subscribed: boolean("subscribed").notNull().default(false),
  subscriptionTier: text("subscription_tier"),
  subscriptionEnd: timestamp("subscription_end", { withTimezone: true }),
  provider: text("provider", { enum: PAYMENT_PROVIDERS }),
  providerCustomerId: text("provider_customer_id"),
  providerSubscriptionId: text("provider_subscription_id"),
  /** The subscription will not renew: access lasts to subscription_end. */
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  updatedAt: updatedAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * Files an admin uploaded. The browser only ever holds an upload's id; the storage key is made here.
 * A row without `completed_at` is an upload in progress. What an upload belongs to is one of four
 * foreign keys, at most one set (migration 0012, decision 040); an upload with none is not used yet,
 * and is swept (with its file) when it has been left for a day. Deleting what it belongs to deletes
 * the row (the code deletes the files after its transaction); a product with buyers is archived,
 * never deleted, so its files stay.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: UPLOAD_KINDS }).notNull(),
    storageKey: text("storage_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull().default(0),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    productId: text("product_id").references(() => products.id, { onDelete: "cascade" }),
    eventId: text("event_id").references(() => events.id, { onDelete: "cascade" }),
    galleryPhotoId: text("gallery_photo_id").references(() => galleryPhotos.id, { onDelete: "cascade" }),
    songId: text("song_id").references(() => songs.id, { onDelete: "cascade" }),
    /** Her picture for a place on the site (decision 051). */
    sitePictureSlot: text("site_picture_slot").references(() => sitePictures.slot, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "uploads_one_owner",
      sql`num_nonnulls(${t.productId}, ${t.eventId}, ${t.galleryPhotoId}, ${t.songId}, ${t.sitePictureSlot}) <= 1`,
    ),
    // The sweeper's question: unclaimed uploads older than a day.
    index("uploads_unclaimed_idx")
      .on(t.createdAt)
      .where(
        sql`${t.productId} is null and ${t.eventId} is null and ${t.galleryPhotoId} is null and ${t.songId} is null and ${t.sitePictureSlot} is null`,
      ),
    // Deleting a product, event, photo or song finds its uploads by these.
    index("uploads_product_idx").on(t.productId),
    index("uploads_event_idx").on(t.eventId),
    index("uploads_gallery_photo_idx").on(t.galleryPhotoId),
    index("uploads_song_idx").on(t.songId),
    index("uploads_site_picture_idx").on(t.sitePictureSlot),
  ],
);

/**
 * Money going back to a buyer. Recorded `pending` in the same transaction as the decision to refund,
 * then sent to the provider with the refund's id as its idempotency key, so a crash or a provider
 * outage between the two leaves a refund that is retried, never one that is lost or made twice.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    purchaseId: text("purchase_id")
      .notNull()
      .references(() => purchases.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    /** The products the refund is for. */
    productIds: text("product_ids").array().notNull(),
    reason: text("reason", { enum: REFUND_REASONS }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    /** The provider's refund reference, once made. */
    providerRef: text("provider_ref"),
    /** Why the provider refused, for the owner to act on. */
    failure: text("failure"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The booked session this refund is for (a package's purchase pays several). */
    bookingId: text("booking_id"),
    /** The part of `amount_cents` that goes back to the gift voucher that paid it, not to a card (decision 048). */
    voucherCents: integer("voucher_cents").notNull().default(0),
  },
  (t) => [
    // One refund per purchase and reason: deciding twice (a redelivered event) cannot refund twice.
    // Money the provider reports went back without us may come in several parts, and a package may be
    // ended more than once (a session cancelled in time after the first end returns its credit; each
    // end is decided under the package's lock, its credits refunded once by their state).
    uniqueIndex("refunds_purchase_reason_idx")
      .on(t.purchaseId, t.reason)
      .where(sql`${t.bookingId} is null and ${t.reason} not in ('external', 'package_ended')`),
    // One refund per booked session, whoever cancels and however often it is clicked.
    uniqueIndex("refunds_booking_idx").on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index("refunds_pending_idx").on(t.status, t.createdAt),
  ],
);

/** Payment-provider events already handled, so a redelivered webhook is a no-op. */
export const processedEvents = pgTable("processed_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Purchase = typeof purchases.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
