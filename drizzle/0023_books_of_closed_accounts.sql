-- hand-written: a closed account's books, six years on (run-retention.server.ts). An entry of a
-- voucher may then lose the refund of hers it points at (the refund goes with her order; the entry,
-- its amount and the voucher's balance stay as they were), in that transaction only
-- (ledger.retention). Nothing else about an entry may ever change, and none is ever removed.
CREATE OR REPLACE FUNCTION voucher_entries_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND current_setting('ledger.retention', true) = 'on'
		AND NEW."refund_id" IS NULL
		AND NEW."id" = OLD."id" AND NEW."voucher_id" = OLD."voucher_id" AND NEW."kind" = OLD."kind"
		AND NEW."amount_cents" = OLD."amount_cents" AND NEW."purchase_id" IS NOT DISTINCT FROM OLD."purchase_id"
		AND NEW."created_at" = OLD."created_at" THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'voucher entries are never changed or removed';
END $$;
