CREATE TABLE "product_name_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_earth_gist";--> statement-breakpoint
DROP INDEX "products_name_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (translate(lower(name), 'õäöüšžÕÄÖÜŠŽ', 'oaouszoaousz')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "geo" "cube" GENERATED ALWAYS AS (case when lat is null or lon is null then null else ll_to_earth(lat, lon) end) STORED;--> statement-breakpoint
CREATE INDEX "product_name_words_trgm" ON "product_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_geo_gist" ON "products" USING gist ("geo") WHERE "products"."geo" is not null;--> statement-breakpoint
CREATE INDEX "products_name_folded_trgm" ON "products" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
-- The words of a folded name, as the search API splits a query (keep the two in step).
CREATE FUNCTION product_name_words_of(folded text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(folded, '[^a-z0-9]+') AS w WHERE length(w) >= 3 AND w ~ '[a-z]'
$$;--> statement-breakpoint
CREATE FUNCTION product_name_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE product_name_words SET products = products - 1 WHERE word IN (SELECT product_name_words_of(OLD.name_folded));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- Sorted, so concurrent inserts take the word rows' locks in one order and cannot deadlock.
    INSERT INTO product_name_words (word, products)
      SELECT w, 1 FROM product_name_words_of(NEW.name_folded) AS w ORDER BY w
    ON CONFLICT (word) DO UPDATE SET products = product_name_words.products + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_name_words AFTER INSERT OR DELETE OR UPDATE OF name ON products
  FOR EACH ROW EXECUTE FUNCTION product_name_words_sync();--> statement-breakpoint
INSERT INTO product_name_words (word, products)
  SELECT w, count(*) FROM products, product_name_words_of(products.name_folded) AS w GROUP BY w;
