CREATE TABLE "package_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"position" integer NOT NULL,
	"state" text NOT NULL,
	"value_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_credits_value_check" CHECK ("package_credits"."value_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" text,
	"booking_id" text,
	"package_id" text,
	"title" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_amount_check" CHECK ("order_lines"."amount_cents" >= 0 and "order_lines"."discount_cents" >= 0),
	CONSTRAINT "order_lines_refund_cap" CHECK ("order_lines"."refunded_cents" >= 0 and "order_lines"."refunded_cents" <= "order_lines"."amount_cents"),
	CONSTRAINT "order_lines_reference_check" CHECK ("order_lines"."kind" not in ('session', 'package') or "order_lines"."booking_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"refund_id" text NOT NULL,
	"line_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "refund_lines_refund_id_line_id_pk" PRIMARY KEY("refund_id","line_id"),
	CONSTRAINT "refund_lines_amount_check" CHECK ("refund_lines"."amount_cents" > 0)
);
--> statement-breakpoint
DROP INDEX "refunds_purchase_reason_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_id" text;--> statement-breakpoint
ALTER TABLE "package_credits" ADD CONSTRAINT "package_credits_package_id_booking_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."booking_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_package_id_booking_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."booking_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_credits_position_idx" ON "package_credits" USING btree ("package_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_purchase_idx" ON "order_lines" USING btree ("purchase_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_booking_idx" ON "order_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refund_lines_line_idx" ON "refund_lines" USING btree ("line_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_credit_id_package_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."package_credits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_credit_idx" ON "bookings" USING btree ("credit_id") WHERE "bookings"."status" in ('held', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_purchase_reason_idx" ON "refunds" USING btree ("purchase_id","reason") WHERE "refunds"."booking_id" is null and "refunds"."reason" <> 'external';--> statement-breakpoint

-- Hand-written (decision 040): the database keeps each line's refunded total. A refund's allocation
-- adds to its line (the check constraint order_lines_refund_cap refuses any that would pass what
-- the line took, whoever writes it and however many race: the line's row is locked by the update);
-- a refund the provider refused gives its allocations back; allocations are never changed or removed.
-- A restore (decision 023) writes the rows as they were, totals included: it sets ledger.restoring
-- for its transaction, and these triggers step aside.
CREATE FUNCTION ledger_refund_line_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('ledger.restoring', true) = 'on' THEN RETURN NEW; END IF;
	UPDATE "order_lines" SET "refunded_cents" = "refunded_cents" + NEW."amount_cents" WHERE "id" = NEW."line_id";
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "refund_lines_added" AFTER INSERT ON "refund_lines" FOR EACH ROW EXECUTE FUNCTION ledger_refund_line_added();--> statement-breakpoint
CREATE FUNCTION ledger_refund_lines_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'refund allocations are never changed or removed';
END $$;--> statement-breakpoint
CREATE TRIGGER "refund_lines_frozen" BEFORE UPDATE OR DELETE ON "refund_lines" FOR EACH ROW EXECUTE FUNCTION ledger_refund_lines_frozen();--> statement-breakpoint
CREATE FUNCTION ledger_refund_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('ledger.restoring', true) = 'on' THEN RETURN NEW; END IF;
	IF NEW."status" = 'failed' AND OLD."status" <> 'failed' THEN
		UPDATE "order_lines" l SET "refunded_cents" = l."refunded_cents" - r."amount_cents"
		FROM "refund_lines" r WHERE r."refund_id" = NEW."id" AND l."id" = r."line_id";
	ELSIF OLD."status" = 'failed' AND NEW."status" <> 'failed' THEN
		UPDATE "order_lines" l SET "refunded_cents" = l."refunded_cents" + r."amount_cents"
		FROM "refund_lines" r WHERE r."refund_id" = NEW."id" AND l."id" = r."line_id";
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "refunds_status_changed" AFTER UPDATE OF "status" ON "refunds" FOR EACH ROW EXECUTE FUNCTION ledger_refund_status_changed();--> statement-breakpoint
-- A refund made from now on is exactly the sum of its allocations, checked when its transaction commits.
CREATE FUNCTION ledger_refund_allocated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	allocated integer;
	wanted integer;
BEGIN
	IF current_setting('ledger.restoring', true) = 'on' THEN RETURN NULL; END IF;
	SELECT "amount_cents" INTO wanted FROM "refunds" WHERE "id" = NEW."id";
	SELECT COALESCE(SUM("amount_cents"), 0) INTO allocated FROM "refund_lines" WHERE "refund_id" = NEW."id";
	IF wanted IS NOT NULL AND wanted <> allocated THEN
		RAISE EXCEPTION 'refund % is % pence but allocates %', NEW."id", wanted, allocated USING ERRCODE = '23514';
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refunds_allocated" AFTER INSERT OR UPDATE OF "amount_cents" ON "refunds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_refund_allocated();--> statement-breakpoint
-- The data, carried over: every purchase's lines, every refund allocated to them (in the order the
-- refunds were made, each within what its lines had left: a refund the old shape let pass what was
-- taken keeps its row, and only what fitted is allocated), and every package's credits.
DO $$
DECLARE
	p record;
	r record;
	l record;
	b record;
	pack record;
	pos integer;
	remaining integer;
	take integer;
	share integer;
	line_amount integer;
	consumed integer;
	new_credit text;
	package_line text;
BEGIN
	FOR p IN SELECT * FROM "purchases" ORDER BY "created_at", "id" LOOP
		pos := 0;
		IF p."lines" IS NOT NULL AND jsonb_array_length(p."lines") > 0 THEN
			FOR l IN SELECT e.value AS line FROM jsonb_array_elements(p."lines") e LOOP
				INSERT INTO "order_lines" ("id", "purchase_id", "position", "kind", "product_id", "booking_id", "title", "amount_cents", "discount_cents", "created_at")
				SELECT gen_random_uuid()::text, p."id", pos,
					CASE WHEN l.line->>'productId' LIKE 'booking:%' THEN
						(CASE WHEN EXISTS (SELECT 1 FROM "booking_packages" k WHERE k."purchase_id" = p."id") THEN 'package' ELSE 'session' END)
					WHEN l.line->>'productId' = 'subscription' THEN 'membership' ELSE 'product' END,
					(SELECT x."id" FROM "products" x WHERE x."id" = l.line->>'productId'),
					(SELECT x."id" FROM "bookings" x WHERE l.line->>'productId' = 'booking:' || x."id"),
					COALESCE(l.line->>'title', l.line->>'productId'),
					GREATEST(COALESCE((l.line->>'unitAmountCents')::integer, 0), 0),
					GREATEST(COALESCE((l.line->>'discountCents')::integer, 0), 0),
					p."created_at";
				pos := pos + 1;
			END LOOP;
		ELSE
			-- Before lines were kept: the total over the products by their prices now (the first takes the pence left over).
			FOR l IN
				SELECT u.id, u.ord, x."title", x."price_cents",
					SUM(COALESCE(x."price_cents", 0)) OVER () AS all_prices, COUNT(*) OVER () AS n
				FROM unnest(p."product_ids") WITH ORDINALITY AS u(id, ord)
				LEFT JOIN "products" x ON x."id" = u.id ORDER BY u.ord
			LOOP
				line_amount := CASE WHEN l.all_prices > 0 THEN (p."total_amount_cents" * COALESCE(l."price_cents", 0) / l.all_prices)::integer
					WHEN l.ord = 1 THEN p."total_amount_cents" ELSE 0 END;
				IF l.ord = 1 AND l.all_prices > 0 THEN
					line_amount := p."total_amount_cents" - (SELECT COALESCE(SUM((p."total_amount_cents" * COALESCE(y."price_cents", 0) / l.all_prices)::integer), 0)
						FROM unnest(p."product_ids") WITH ORDINALITY AS v(id, ord) LEFT JOIN "products" y ON y."id" = v.id WHERE v.ord > 1);
				END IF;
				INSERT INTO "order_lines" ("id", "purchase_id", "position", "kind", "product_id", "booking_id", "title", "amount_cents", "created_at")
				VALUES (gen_random_uuid()::text, p."id", pos,
					CASE WHEN l.id LIKE 'booking:%' THEN
						(CASE WHEN EXISTS (SELECT 1 FROM "booking_packages" k WHERE k."purchase_id" = p."id") THEN 'package' ELSE 'session' END)
					WHEN l.id = 'subscription' THEN 'membership' ELSE 'product' END,
					(SELECT x."id" FROM "products" x WHERE x."id" = l.id),
					(SELECT x."id" FROM "bookings" x WHERE l.id = 'booking:' || x."id"),
					COALESCE(l."title", l.id), GREATEST(line_amount, 0), p."created_at");
				pos := pos + 1;
			END LOOP;
		END IF;
		-- Lines the old fulfilment dropped when it refunded them (bought twice, withdrawn): back in the order.
		FOR r IN SELECT * FROM "refunds" WHERE "purchase_id" = p."id" AND "reason" IN ('already_owned', 'unavailable') ORDER BY "created_at" LOOP
			IF NOT EXISTS (SELECT 1 FROM "order_lines" o WHERE o."purchase_id" = p."id" AND o."product_id" = ANY (r."product_ids")) THEN
				INSERT INTO "order_lines" ("id", "purchase_id", "position", "kind", "product_id", "title", "amount_cents", "ended_at", "created_at")
				VALUES (gen_random_uuid()::text, p."id", pos, CASE WHEN 'subscription' = ANY (r."product_ids") THEN 'membership' ELSE 'product' END,
					(SELECT x."id" FROM "products" x WHERE x."id" = r."product_ids"[1]),
					COALESCE((SELECT string_agg(COALESCE(x."title", u.id), ', ') FROM unnest(r."product_ids") AS u(id) LEFT JOIN "products" x ON x."id" = u.id), 'Refunded item'),
					r."amount_cents", r."created_at", p."created_at");
				IF p."status" = 'paid' THEN
					UPDATE "purchases" SET "total_amount_cents" = "total_amount_cents" + r."amount_cents" WHERE "id" = p."id";
				END IF;
				pos := pos + 1;
			ELSE
				UPDATE "order_lines" o SET "ended_at" = r."created_at" WHERE o."purchase_id" = p."id" AND o."product_id" = ANY (r."product_ids");
			END IF;
		END LOOP;
		-- Allocations, oldest refund first, each line up to what it has left.
		FOR r IN SELECT * FROM "refunds" WHERE "purchase_id" = p."id" AND "status" <> 'failed' ORDER BY "created_at", "id" LOOP
			remaining := r."amount_cents";
			FOR l IN
				SELECT o."id", o."amount_cents" - o."refunded_cents" AS room FROM "order_lines" o
				WHERE o."purchase_id" = p."id"
					AND (r."booking_id" IS NULL OR o."kind" IN ('session', 'package'))
				ORDER BY (o."product_id" = ANY (r."product_ids")) DESC NULLS LAST, o."position"
			LOOP
				EXIT WHEN remaining <= 0;
				take := LEAST(remaining, l.room);
				IF take > 0 THEN
					INSERT INTO "refund_lines" ("refund_id", "line_id", "amount_cents") VALUES (r."id", l."id", take);
					remaining := remaining - take;
				END IF;
			END LOOP;
		END LOOP;
		-- A purchase refunded in full ends what its lines gave.
		IF p."status" = 'refunded' THEN
			UPDATE "order_lines" SET "ended_at" = COALESCE(p."refunded_at", now()) WHERE "purchase_id" = p."id" AND "ended_at" IS NULL;
		END IF;
	END LOOP;

	-- Each package's credits: its live sessions take them first (booked, or attended or missed once
	-- done), then its sessions cancelled with money back (refunded) while any are left; the rest are
	-- available, or expired once the package has.
	FOR pack IN SELECT * FROM "booking_packages" ORDER BY "created_at" LOOP
		SELECT o."amount_cents", o."id" INTO line_amount, package_line FROM "order_lines" o WHERE o."purchase_id" = pack."purchase_id" AND o."kind" = 'package' LIMIT 1;
		IF package_line IS NOT NULL THEN
			UPDATE "order_lines" SET "package_id" = pack."id" WHERE "id" = package_line;
		END IF;
		line_amount := COALESCE(line_amount, 0);
		share := line_amount / pack."sessions";
		consumed := 0;
		FOR b IN
			SELECT k.*, EXISTS (SELECT 1 FROM "refunds" f WHERE f."booking_id" = k."id" AND f."status" <> 'failed' AND f."amount_cents" > 0) AS refunded
			FROM "bookings" k WHERE k."package_id" = pack."id" AND (k."status" IN ('held', 'confirmed') OR k."status" = 'cancelled')
			-- Live sessions first: they are what the client holds (the old code never let more be live than bought).
			ORDER BY (k."status" = 'cancelled'), k."starts_at"
		LOOP
			CONTINUE WHEN b."status" = 'cancelled' AND NOT b.refunded;
			EXIT WHEN consumed >= pack."sessions";
			new_credit := gen_random_uuid()::text;
			INSERT INTO "package_credits" ("id", "package_id", "position", "state", "value_cents")
			VALUES (new_credit, pack."id", consumed,
				CASE WHEN b."status" = 'cancelled' THEN 'refunded'
					WHEN b."attendance" = 'attended' THEN 'attended' WHEN b."attendance" = 'no_show' THEN 'missed' ELSE 'booked' END,
				CASE WHEN consumed = pack."sessions" - 1 THEN line_amount - share * (pack."sessions" - 1) ELSE share END);
			IF b."status" <> 'cancelled' THEN
				UPDATE "bookings" SET "credit_id" = new_credit WHERE "id" = b."id";
			END IF;
			consumed := consumed + 1;
		END LOOP;
		WHILE consumed < pack."sessions" LOOP
			INSERT INTO "package_credits" ("id", "package_id", "position", "state", "value_cents")
			VALUES (gen_random_uuid()::text, pack."id", consumed,
				CASE WHEN pack."expires_at" <= now() THEN 'expired' ELSE 'available' END,
				CASE WHEN consumed = pack."sessions" - 1 THEN line_amount - share * (pack."sessions" - 1) ELSE share END);
			consumed := consumed + 1;
		END LOOP;
	END LOOP;
END $$;--> statement-breakpoint
-- A purchase's product list names catalogue products only: sessions are lines of their own now.
UPDATE "purchases" SET "product_ids" = ARRAY(SELECT u FROM unnest("product_ids") AS u WHERE u NOT LIKE 'booking:%')
WHERE EXISTS (SELECT 1 FROM unnest("product_ids") AS u WHERE u LIKE 'booking:%');--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "lines";
