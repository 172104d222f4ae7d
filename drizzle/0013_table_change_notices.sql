-- Every committed write to a table that a server process keeps in memory tells every process (its own
-- included) through NOTIFY on the channel the instances already listen on: 'table:<name>', once per
-- table per transaction (PostgreSQL folds repeated notices). Whatever writes (a page, the CLI in another
-- process, Better Auth, a trigger, a hand-typed UPDATE), the caches hear of it (decision 052).
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_changes', 'table:' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[
    'user', 'session', 'user_roles', 'site_settings', 'products', 'purchases', 'subscribers',
    'order_lines', 'refunds', 'refund_lines', 'discount_codes', 'bookings', 'booking_days', 'booking_blocks',
    'booking_packages', 'package_credits', 'booking_settings', 'events', 'gallery_tabs', 'gallery_photos', 'songs',
    'uploads'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change()',
      name || '_change_notice', name
    );
  END LOOP;
END
$$;
