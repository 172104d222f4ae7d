ALTER TABLE "voucher_entries" DROP CONSTRAINT "voucher_entries_sign_check";--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_entries_retake_idx" ON "voucher_entries" USING btree ("purchase_id") WHERE "voucher_entries"."kind" = 'retake';--> statement-breakpoint
ALTER TABLE "voucher_entries" ADD CONSTRAINT "voucher_entries_sign_check" CHECK (("voucher_entries"."kind" in ('issue', 'release', 'restore', 'reissue', 'topup') and "voucher_entries"."amount_cents" > 0) or ("voucher_entries"."kind" in ('redeem', 'cancel', 'retake') and "voucher_entries"."amount_cents" < 0));--> statement-breakpoint
-- hand-written (keep on regeneration): decision 048, late payments. An order paid after its checkout
-- closed and its hold was released takes the hold again (`retake`): what it paid of the order counts
-- both, so a refund of that order may give back to the voucher what the retaking took.
CREATE OR REPLACE FUNCTION voucher_entry_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	paid integer;
	returned integer;
	sold integer;
BEGIN
	IF current_setting('ledger.restoring', true) = 'on' THEN RETURN NEW; END IF;
	UPDATE "vouchers" SET "balance_cents" = "balance_cents" + NEW."amount_cents" WHERE "id" = NEW."voucher_id";
	IF NEW."kind" IN ('release', 'restore') THEN
		SELECT COALESCE(-SUM("amount_cents"), 0) INTO paid FROM "voucher_entries"
			WHERE "purchase_id" = NEW."purchase_id" AND "voucher_id" = NEW."voucher_id" AND "kind" IN ('redeem', 'retake');
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
END $$;
