CREATE TABLE "booking_waitlist" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"service_id" text NOT NULL,
	"day" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"booking_id" text,
	"offered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_time_zone" text;--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_waitlist_live_idx" ON "booking_waitlist" USING btree ("user_id","service_id","day") WHERE "booking_waitlist"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "booking_waitlist_day_idx" ON "booking_waitlist" USING btree ("day","state","created_at");--> statement-breakpoint
CREATE INDEX "booking_waitlist_booking_idx" ON "booking_waitlist" USING btree ("booking_id");