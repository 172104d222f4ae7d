CREATE TABLE "diary_bookings" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"payment" text NOT NULL,
	"paid_at" timestamp with time zone,
	"booked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diary_bookings_price_check" CHECK ("diary_bookings"."price_cents" >= 0),
	CONSTRAINT "diary_bookings_paid_check" CHECK (("diary_bookings"."payment" = 'paid_outside') = ("diary_bookings"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "purchase_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "diary_bookings" ADD CONSTRAINT "diary_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_bookings" ADD CONSTRAINT "diary_bookings_booked_by_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_unpaid_amount_check" CHECK ("bookings"."purchase_id" is not null or "bookings"."amount_cents" = 0);