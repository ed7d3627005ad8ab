ALTER TABLE "products" ADD COLUMN "search_price_cents" integer;--> statement-breakpoint
CREATE INDEX "products_search_price_asc_idx" ON "products" USING btree ("search_price_cents","id") WHERE "products"."deleted" = false and "products"."inactive_reason" is null;--> statement-breakpoint
CREATE INDEX "products_search_price_desc_idx" ON "products" USING btree ("search_price_cents" DESC NULLS LAST,"id") WHERE "products"."deleted" = false and "products"."inactive_reason" is null;--> statement-breakpoint
-- Same rounding as the search used at query time: round(cents × 1.2) for a VAT-liable owner.
CREATE FUNCTION products_search_price_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_price_cents := round(NEW.price_daily_cents * (CASE WHEN (SELECT allow_vat FROM users WHERE id = NEW.user_id) THEN 1.2 ELSE 1 END));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_price BEFORE INSERT OR UPDATE OF price_daily_cents, user_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_price_set();--> statement-breakpoint
CREATE FUNCTION users_search_price_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_price_cents = round(price_daily_cents * (CASE WHEN NEW.allow_vat THEN 1.2 ELSE 1 END)) WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_search_price AFTER UPDATE OF allow_vat ON users
  FOR EACH ROW WHEN (OLD.allow_vat IS DISTINCT FROM NEW.allow_vat) EXECUTE FUNCTION users_search_price_sync();--> statement-breakpoint
UPDATE products p SET search_price_cents = round(p.price_daily_cents * (CASE WHEN u.allow_vat THEN 1.2 ELSE 1 END)) FROM users u WHERE u.id = p.user_id;
