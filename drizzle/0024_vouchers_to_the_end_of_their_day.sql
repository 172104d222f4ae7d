-- hand-written: decision 061. A voucher works to the end of the London day printed on it
-- (`voucherExpiry`); vouchers sold before stopped at the time of day they were bought. Each is moved
-- to the first instant of the next London day, so the date printed on it is unchanged and a whole
-- day of use. Those already at a London midnight (extended by the owner, or sold since) stay.
UPDATE "vouchers"
SET "expires_at" = (date_trunc('day', "expires_at" AT TIME ZONE 'Europe/London') + interval '1 day') AT TIME ZONE 'Europe/London'
WHERE ("expires_at" AT TIME ZONE 'Europe/London')::time <> time '00:00';
