/** Tables: the practitioner's own content (issue 15). */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

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

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type GalleryPhotoRow = typeof galleryPhotos.$inferSelect;
export type SongRow = typeof songs.$inferSelect;
