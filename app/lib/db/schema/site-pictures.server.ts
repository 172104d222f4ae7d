import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { PictureVariant } from "~/features/site-pictures/picture-slots";
import { updatedAt } from "./columns";

/**
 * Her own pictures for the fixed places of the public site (decision 051): one row per place, its
 * alt text and the sized files made from her upload. The upload row that brought it refers here
 * (`uploads.site_picture_slot`), so replacing or removing a picture finds its files.
 */
export const sitePictures = pgTable("site_pictures", {
  slot: text("slot").primaryKey(),
  alt: text("alt").notNull(),
  /** Storage keys (public image store) of each size, smallest first. */
  variants: jsonb("variants").$type<PictureVariant[]>().notNull(),
  updatedAt: updatedAt(),
});

export type SitePicture = typeof sitePictures.$inferSelect;
