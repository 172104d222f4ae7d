CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"product_ids" text[] NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_purchase_reason_idx" ON "refunds" USING btree ("purchase_id","reason");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "purchases_open_idx" ON "purchases" USING btree ("created_at") WHERE "purchases"."status" = 'pending';