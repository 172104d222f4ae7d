CREATE TABLE "voucher_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"voucher_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"purchase_id" text,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_entries_sign_check" CHECK (("voucher_entries"."kind" in ('issue', 'release', 'restore', 'reissue', 'topup') and "voucher_entries"."amount_cents" > 0) or ("voucher_entries"."kind" in ('redeem', 'cancel') and "voucher_entries"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"service_id" text,
	"service_title" text,
	"value_cents" integer NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"purchase_id" text,
	"buyer_user_id" text,
	"buyer_name" text DEFAULT '' NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_email" text,
	"message" text DEFAULT '' NOT NULL,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_balance_check" CHECK ("vouchers"."balance_cents" >= 0),
	CONSTRAINT "vouchers_value_check" CHECK ("vouchers"."value_cents" > 0),
	CONSTRAINT "vouchers_service_check" CHECK (("vouchers"."kind" = 'service') = ("vouchers"."service_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "applies_to" text[] DEFAULT '{products}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "first_time_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voucher_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "voucher_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "voucher_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_entries" ADD CONSTRAINT "voucher_entries_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_entries" ADD CONSTRAINT "voucher_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_buyer_user_id_user_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_entries_voucher_idx" ON "voucher_entries" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_entries_redeem_idx" ON "voucher_entries" USING btree ("purchase_id") WHERE "voucher_entries"."kind" = 'redeem';--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_entries_release_idx" ON "voucher_entries" USING btree ("purchase_id") WHERE "voucher_entries"."kind" = 'release';--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_entries_restore_idx" ON "voucher_entries" USING btree ("refund_id") WHERE "voucher_entries"."kind" = 'restore';--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_entries_issue_idx" ON "voucher_entries" USING btree ("voucher_id") WHERE "voucher_entries"."kind" = 'issue';--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_idx" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_purchase_idx" ON "vouchers" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "vouchers_created_idx" ON "vouchers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vouchers_due_idx" ON "vouchers" USING btree ("send_at") WHERE "vouchers"."sent_at" is null and "vouchers"."status" = 'active';--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_voucher_check" CHECK ("order_lines"."kind" <> 'voucher' or "order_lines"."voucher_id" is not null);--> statement-breakpoint
-- hand-written (keep on regeneration): decision 048. A voucher's balance is the sum of its entries,
-- kept here: each entry adds its signed amount to its voucher (the update locks the voucher's row, so
-- racing spends are decided one after the other, and vouchers_balance_check refuses any that would
-- take the balance below zero). Entries are never changed or removed. What goes back to a voucher for
-- an order never passes what it paid of that order, and a sold voucher never holds more than its sale
-- took: so what vouchers pay never exceeds what was paid for them plus what the owner issued.
-- A restore (decision 023) sets ledger.restoring and these triggers step aside.
CREATE FUNCTION voucher_entry_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	paid integer;
	returned integer;
	sold integer;
BEGIN
	IF current_setting('ledger.restoring', true) = 'on' THEN RETURN NEW; END IF;
	UPDATE "vouchers" SET "balance_cents" = "balance_cents" + NEW."amount_cents" WHERE "id" = NEW."voucher_id";
	IF NEW."kind" IN ('release', 'restore') THEN
		SELECT COALESCE(-SUM("amount_cents"), 0) INTO paid FROM "voucher_entries"
			WHERE "purchase_id" = NEW."purchase_id" AND "voucher_id" = NEW."voucher_id" AND "kind" = 'redeem';
		SELECT COALESCE(SUM("amount_cents"), 0) INTO returned FROM "voucher_entries"
			WHERE "purchase_id" = NEW."purchase_id" AND "voucher_id" = NEW."voucher_id" AND "kind" IN ('release', 'restore');
		IF returned > paid THEN
			RAISE EXCEPTION 'voucher % would get back % pence of order % that it paid % of', NEW."voucher_id", returned, NEW."purchase_id", paid USING ERRCODE = '23514';
		END IF;
	ELSIF NEW."kind" = 'issue' AND NEW."purchase_id" IS NOT NULL THEN
		SELECT COALESCE(SUM("amount_cents"), 0) INTO sold FROM "order_lines" WHERE "purchase_id" = NEW."purchase_id" AND "kind" = 'voucher';
		IF NEW."amount_cents" > sold THEN
			RAISE EXCEPTION 'voucher % would hold % pence but its sale took %', NEW."voucher_id", NEW."amount_cents", sold USING ERRCODE = '23514';
		END IF;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "voucher_entries_added" AFTER INSERT ON "voucher_entries" FOR EACH ROW EXECUTE FUNCTION voucher_entry_added();--> statement-breakpoint
CREATE FUNCTION voucher_entries_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'voucher entries are never changed or removed';
END $$;--> statement-breakpoint
CREATE TRIGGER "voucher_entries_frozen" BEFORE UPDATE OR DELETE ON "voucher_entries" FOR EACH ROW EXECUTE FUNCTION voucher_entries_frozen();--> statement-breakpoint
-- A refund's voucher part is within the refund, and an order's refunds (not failed) give back to
-- vouchers no more than vouchers paid of it: checked when the transaction commits.
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_voucher_check" CHECK ("voucher_cents" >= 0 AND "voucher_cents" <= "amount_cents");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_voucher_check" CHECK ("voucher_cents" >= 0);--> statement-breakpoint
CREATE FUNCTION voucher_refund_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	paid integer;
	returned integer;
BEGIN
	IF current_setting('ledger.restoring', true) = 'on' THEN RETURN NULL; END IF;
	SELECT "voucher_cents" INTO paid FROM "purchases" WHERE "id" = NEW."purchase_id";
	SELECT COALESCE(SUM("voucher_cents"), 0) INTO returned FROM "refunds" WHERE "purchase_id" = NEW."purchase_id" AND "status" <> 'failed';
	IF returned > COALESCE(paid, 0) THEN
		RAISE EXCEPTION 'order % would give % pence back to a voucher that paid %', NEW."purchase_id", returned, paid USING ERRCODE = '23514';
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refunds_voucher_within_paid" AFTER INSERT OR UPDATE OF "voucher_cents", "status" ON "refunds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION voucher_refund_within_paid();
