ALTER TABLE "purchases" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "paid_at" timestamp with time zone;