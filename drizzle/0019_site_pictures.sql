CREATE TABLE "site_pictures" (
	"slot" text PRIMARY KEY NOT NULL,
	"alt" text NOT NULL,
	"variants" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_one_owner";--> statement-breakpoint
DROP INDEX "uploads_unclaimed_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "site_picture_slot" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_site_picture_slot_site_pictures_slot_fk" FOREIGN KEY ("site_picture_slot") REFERENCES "public"."site_pictures"("slot") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_site_picture_idx" ON "uploads" USING btree ("site_picture_slot");--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."product_id" is null and "uploads"."event_id" is null and "uploads"."gallery_photo_id" is null and "uploads"."song_id" is null and "uploads"."site_picture_slot" is null;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_one_owner" CHECK (num_nonnulls("uploads"."product_id", "uploads"."event_id", "uploads"."gallery_photo_id", "uploads"."song_id", "uploads"."site_picture_slot") <= 1);