DROP INDEX "products_geo_gist";--> statement-breakpoint
CREATE INDEX "products_geo_name_gist" ON "products" USING gist ("geo","name_folded" gist_trgm_ops) WHERE "products"."geo" is not null;--> statement-breakpoint
CREATE INDEX "products_active_category_lat_lon_idx" ON "products" USING btree ("category_id","lat","lon") WHERE "products"."deleted" = false and "products"."inactive_reason" is null;--> statement-breakpoint
-- Typo tolerance: the name words similar to each query word, best first, at most per_word of them.
-- The SET lowers the word-similarity threshold (which `<%` and its index use) for this call only,
-- so the API needs no transaction or SET LOCAL; 0.4 is KEEP_SIMILARITY in search-repository.ts.
CREATE FUNCTION product_name_words_similar(words text[], per_word integer)
  RETURNS TABLE (query text, word text, similarity real)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET pg_trgm.word_similarity_threshold = 0.4
AS $$
  SELECT q.w, m.word, m.similarity
  FROM unnest(words) AS q(w)
  CROSS JOIN LATERAL (
    SELECT v.word, word_similarity(q.w, v.word) AS similarity
    FROM product_name_words v
    WHERE q.w <% v.word AND v.products > 0
    ORDER BY similarity DESC, v.word
    LIMIT per_word
  ) m
$$;
