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
  ATTENDANCE,
  BOOKING_STATUSES,
  CANCELLED_BY,
  PLACES,
  REMINDER_KINDS,
  SERVICE_IDS,
} from "~/features/shop/booking/booking-model";
import type { DatedException, WeeklyHours } from "~/features/shop/booking/generate-slots";
import { DISCOUNT_KINDS } from "~/features/shop/discount/price-discount";
import {
  ACCESS_GRANTS,
  PAYMENT_PROVIDERS,
  PRODUCT_TYPES,
  PURCHASE_STATUSES,
  type PurchaseLine,
  REFUND_REASONS,
  REFUND_STATUSES,
  UPLOAD_KINDS,
} from "~/features/shop/model";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- accounts (Better Auth)

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Failed sign-in attempts, kept in the database so a lockout holds across restarts and instances. */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What is limited: `signin:email+client`, `signin-ip:ip`, `signup:ip`, ... */
    bucket: text("bucket").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auth_attempts_bucket_idx").on(t.bucket, t.createdAt)],
);

// ---------------------------------------------------------------- catalogue and sales (spec §3)

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
    /** What each line charged, as charged (null for purchases made before lines were recorded). */
    lines: jsonb("lines").$type<PurchaseLine[]>(),
    /** The owner's note on an order she made by hand (a product granted at no charge). */
    note: text("note"),
    /** When the payment arrived (the receipt's date); null until paid. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The discount code applied (as the owner wrote it) and what it took off, in pence (decision 033). */
    discountCode: text("discount_code"),
    discountCents: integer("discount_cents").notNull().default(0),
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
 * A row without `completed_at` is an upload in progress; one without `product_id` is not used yet,
 * and is swept (with its file) when it has been left for a day.
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
    productId: text("product_id"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_unused_idx").on(t.productId, t.createdAt)],
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
  },
  (t) => [
    // One refund per purchase and reason: deciding twice (a redelivered event) cannot refund twice.
    uniqueIndex("refunds_purchase_reason_idx").on(t.purchaseId, t.reason).where(sql`${t.bookingId} is null`),
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

// ---------------------------------------------------------------- booking (decision 032)

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
    /** Reg. 36: when and to what wording the client asked for the session within the cancellation period. */
    expressRequest: jsonb("express_request").$type<{ at: string; wording: string }>(),
    /** The purchase that paid for it (a package's purchase pays all its sessions). */
    purchaseId: text("purchase_id").notNull(),
    packageId: text("package_id"),
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

// ---------------------------------------------------------------- the practitioner's own content (issue 15)

/**
 * The site settings form (decision 031): one row, its values as JSON parsed by the shared schema on
 * every read, so a field added later reads its default until the owner saves.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    values: jsonb("values").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

/** Events the owner announces; listed on /media-events until they start (times stored UTC). */
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** Where it happens; null when it is online. */
    place: text("place"),
    description: text("description").notNull().default(""),
    bookingUrl: text("booking_url"),
    /** Optional picture: storage keys of its two WebP sizes in the public image store, with their sizes. */
    imageKey: text("image_key"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    imageThumbKey: text("image_thumb_key"),
    imageThumbWidth: integer("image_thumb_width"),
    imageThumbHeight: integer("image_thumb_height"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("events_starts_at_idx").on(t.startsAt)],
);

/** Sacred Moments tabs the owner added (the three shipped tabs are in app/content/photos.ts). */
export const galleryTabs = pgTable("gallery_tabs", {
  id: text("id").primaryKey(),
  label: text("label").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Photos the owner uploaded to a gallery (`angel` or a Sacred Moments tab id). A gallery with none
 * shows the shipped placeholder art. Both WebP sizes are recorded with their dimensions, so every
 * `<img>` reserves its space.
 */
export const galleryPhotos = pgTable(
  "gallery_photos",
  {
    id: text("id").primaryKey(),
    gallery: text("gallery").notNull(),
    alt: text("alt").notNull(),
    caption: text("caption").notNull().default(""),
    position: integer("position").notNull(),
    /** Storage key of the lightbox size in the public image store. */
    largeKey: text("large_key").notNull(),
    largeWidth: integer("large_width").notNull(),
    largeHeight: integer("large_height").notNull(),
    thumbKey: text("thumb_key").notNull(),
    thumbWidth: integer("thumb_width").notNull(),
    thumbHeight: integer("thumb_height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("gallery_photos_gallery_idx").on(t.gallery, t.position)],
);

// ---------------------------------------------------------------- discount codes (issue 14 item 7, decision 033)

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

/**
 * The owner's songs for /music (decision 035). While there are none the page shows the four shipped
 * songs (`app/content/songs.ts`); once she adds or adopts one, these rows are the list.
 */
export const songs = pgTable(
  "songs",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    theme: text("theme").notNull().default(""),
    durationSeconds: integer("duration_seconds").notNull(),
    description: text("description").notNull().default(""),
    youtubeUrl: text("youtube_url").notNull(),
    position: integer("position").notNull(),
    /** Public address of the recording: `/media/songs/…` for an upload, `/audio/…` for the shipped sample. */
    audioSrc: text("audio_src"),
    /** Storage key in the public store when the recording is an upload of hers (deleted with the song). */
    audioKey: text("audio_key"),
    audioName: text("audio_name"),
    audioFormat: text("audio_format"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("songs_position_idx").on(t.position)],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Purchase = typeof purchases.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type GalleryPhotoRow = typeof galleryPhotos.$inferSelect;
export type DiscountCode = typeof discountCodes.$inferSelect;
export type SongRow = typeof songs.$inferSelect;
