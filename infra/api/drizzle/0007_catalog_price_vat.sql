-- Search sorts by what a renter pays for one day booked today (ADR 0012, shared-kernel
-- catalogPriceCents): the net day price plus the standard VAT of today's Tallinn date when the
-- owner is VAT-liable, rounded half up per line, instead of the seed's fixed × 1.2.
-- The rates mirror STANDARD_VAT_RATES (shared-kernel/src/domain/money.ts); test/search.test.ts
-- compares the two. A stored price keeps the rate of its write: on a rate change day, run
-- `UPDATE products SET price_daily_cents = price_daily_cents` (the trigger recomputes).
CREATE FUNCTION rendime_standard_vat_bp(day date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN day >= DATE '2025-07-01' THEN 2400
    WHEN day >= DATE '2024-01-01' THEN 2200
    ELSE 2000
  END
$$;--> statement-breakpoint
CREATE FUNCTION rendime_catalog_price_cents(net bigint, vat_liable boolean) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN net IS NULL THEN NULL
    WHEN vat_liable THEN (net + (net * rendime_standard_vat_bp((now() AT TIME ZONE 'Europe/Tallinn')::date) + 5000) / 10000)::integer
    ELSE net::integer
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_price_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_price_cents := rendime_catalog_price_cents(NEW.price_daily_cents, (SELECT allow_vat FROM users WHERE id = NEW.user_id));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_search_price_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_price_cents = rendime_catalog_price_cents(price_daily_cents, NEW.allow_vat) WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE products p SET search_price_cents = rendime_catalog_price_cents(p.price_daily_cents, u.allow_vat) FROM users u WHERE u.id = p.user_id;
