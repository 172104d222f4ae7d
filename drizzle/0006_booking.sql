CREATE TABLE "booking_blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_days" (
	"day" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"service_id" text NOT NULL,
	"purchase_id" text NOT NULL,
	"sessions" integer NOT NULL,
	"first_starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_packages_purchase_id_unique" UNIQUE("purchase_id")
);
--> statement-breakpoint
CREATE TABLE "booking_reminders" (
	"booking_id" text NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "booking_reminders_booking_id_kind_pk" PRIMARY KEY("booking_id","kind")
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"exceptions" jsonb NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"notice_hours" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"feed_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"service_id" text NOT NULL,
	"place" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"day" text NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"express_request" jsonb,
	"purchase_id" text NOT NULL,
	"package_id" text,
	"amount_cents" integer NOT NULL,
	"attendance" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "refunds_purchase_reason_idx";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "booking_id" text;--> statement-breakpoint
ALTER TABLE "booking_packages" ADD CONSTRAINT "booking_packages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_blocks_starts_idx" ON "booking_blocks" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "booking_packages_user_idx" ON "booking_packages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "booking_reminders_due_idx" ON "booking_reminders" USING btree ("due_at") WHERE "booking_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_day_idx" ON "bookings" USING btree ("day","status");--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_start_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" in ('held', 'confirmed');--> statement-breakpoint
CREATE INDEX "bookings_purchase_idx" ON "bookings" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id") WHERE "refunds"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_purchase_reason_idx" ON "refunds" USING btree ("purchase_id","reason") WHERE "refunds"."booking_id" is null;