-- Issue 32 (ADR 0047, second speed pass): the map's markers and the result list read each
-- product's first image (lowest sort_order, then id). This index hands it over in that order with
-- the file name, so the lookup is one index-only probe instead of an index scan and a sort per
-- marker (14 ms of a 2,000-marker answer). Hand-written like 0020/0021; the schema keeps declaring
-- product_images_product_idx.
CREATE INDEX "product_images_first_idx" ON "product_images" USING btree ("product_id", "sort_order", "id") INCLUDE ("file_name");
