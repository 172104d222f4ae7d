-- The tables added since 0013 whose reads a page keeps in memory (decision 052): her pictures (every
-- page), the intake form, answers and consents (the booking page), waiting lists and testimonials.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[
    'site_pictures', 'intake_forms', 'intake_answers', 'client_consents', 'booking_waitlist', 'testimonials'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change()',
      name || '_change_notice', name
    );
  END LOOP;
END
$$;
