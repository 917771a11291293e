-- Phone search however the number was typed: each stored number as its international digits
-- ("+43 4242 123456" and "04242 123456" of an Austrian customer both → "434242123456"), trigram-indexed,
-- so "04242 123456", "4242123456" or "+43 4242…" find it. Numbers saved through the app are already
-- international ("+43 …", libphonenumber-js); the function also reads national ones from imports.
CREATE FUNCTION phone_digits(phone text, country text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN d = '' THEN ''
    WHEN phone ~ '^\s*\+' THEN d
    WHEN d LIKE '00%' THEN substr(d, 3)
    WHEN d LIKE '0%' THEN (CASE country WHEN 'DE' THEN '49' ELSE '43' END) || substr(d, 2)
    ELSE d
  END
  FROM (SELECT regexp_replace(coalesce(phone, ''), '\D', '', 'g') AS d) AS digits
$$;

ALTER TABLE customer ADD COLUMN phone_digits text
  GENERATED ALWAYS AS (phone_digits(phone, country) || ' ' || phone_digits(mobile, country)) STORED;
CREATE INDEX customer_phone_digits_trgm_idx ON customer USING gin (phone_digits gin_trgm_ops);
