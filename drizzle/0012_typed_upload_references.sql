DROP INDEX "uploads_unused_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "gallery_photo_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "song_id" text;--> statement-breakpoint
-- Hand-written data step (decision 040, "Upload references"): before the foreign keys and the check
-- go on, every reference the text column `product_id` held moves to its typed column. An
-- "event:<id>", "gallery:<photo id>" or "song:<id>" moves only where that row still exists; a
-- product id stays only where that product still exists. Anything else (a string whose event, photo,
-- song or product is gone) is left unclaimed, so the upload sweeper removes the row and its file a
-- day after the upload, as it removes any upload nothing took. The prefixes are 6, 8 and 5 characters.
UPDATE "uploads" SET "event_id" = substr("product_id", 7)
  WHERE "product_id" LIKE 'event:%' AND EXISTS (SELECT 1 FROM "events" e WHERE e."id" = substr("uploads"."product_id", 7));--> statement-breakpoint
UPDATE "uploads" SET "gallery_photo_id" = substr("product_id", 9)
  WHERE "product_id" LIKE 'gallery:%' AND EXISTS (SELECT 1 FROM "gallery_photos" g WHERE g."id" = substr("uploads"."product_id", 9));--> statement-breakpoint
UPDATE "uploads" SET "song_id" = substr("product_id", 6)
  WHERE "product_id" LIKE 'song:%' AND EXISTS (SELECT 1 FROM "songs" s WHERE s."id" = substr("uploads"."product_id", 6));--> statement-breakpoint
UPDATE "uploads" SET "product_id" = NULL
  WHERE "product_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = "uploads"."product_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_gallery_photo_id_gallery_photos_id_fk" FOREIGN KEY ("gallery_photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."product_id" is null and "uploads"."event_id" is null and "uploads"."gallery_photo_id" is null and "uploads"."song_id" is null;--> statement-breakpoint
CREATE INDEX "uploads_product_idx" ON "uploads" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "uploads_event_idx" ON "uploads" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "uploads_gallery_photo_idx" ON "uploads" USING btree ("gallery_photo_id");--> statement-breakpoint
CREATE INDEX "uploads_song_idx" ON "uploads" USING btree ("song_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_one_owner" CHECK (num_nonnulls("uploads"."product_id", "uploads"."event_id", "uploads"."gallery_photo_id", "uploads"."song_id") <= 1);
