CREATE TABLE "membership_reminders" (
	"email" text NOT NULL,
	"renews_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_reminders_email_renews_at_pk" PRIMARY KEY("email","renews_at")
);
--> statement-breakpoint
CREATE TABLE "number_series" (
	"name" text PRIMARY KEY NOT NULL,
	"next" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonial_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "testimonial_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"testimonial_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text NOT NULL,
	"body" text NOT NULL,
	"topic" text NOT NULL,
	"basis" text NOT NULL,
	"incentivised" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vat_invoices" (
	"number" integer PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"vat_number" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"lines" jsonb NOT NULL,
	"gross_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	CONSTRAINT "vat_invoices_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "vat_invoices_amounts" CHECK ("vat_invoices"."gross_cents" >= 0 and "vat_invoices"."vat_cents" >= 0 and "vat_invoices"."vat_cents" <= "vat_invoices"."gross_cents")
);
--> statement-breakpoint
ALTER TABLE "testimonial_log" ADD CONSTRAINT "testimonial_log_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonial_log" ADD CONSTRAINT "testimonial_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_invoices" ADD CONSTRAINT "vat_invoices_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testimonial_log_testimonial_idx" ON "testimonial_log" USING btree ("testimonial_id","created_at");--> statement-breakpoint
CREATE INDEX "testimonials_published_idx" ON "testimonials" USING btree ("topic","decided_at") WHERE "testimonials"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "testimonials_user_idx" ON "testimonials" USING btree ("user_id");