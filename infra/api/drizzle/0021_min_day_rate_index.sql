-- Issue 32 (ADR 0047): a dated search sorted cheapest first orders by the period's price, which is
-- worked out per product. Every whole-day rental costs at least its days times the product's lowest
-- positive per-day rate, so the search walks this index to find the page's price bound and then
-- prices only the products under it (repositories/search-repository.ts). The expression is
-- minDayRateSql's (repositories/search-period-sql.ts), which drizzle's schema cannot declare.
CREATE INDEX "products_min_day_rate_idx" ON "products" USING btree ((least(
  CASE WHEN "price_daily_cents" > 0 THEN "price_daily_cents" END,
  CASE WHEN "weekend_day_cents" > 0 THEN "weekend_day_cents" END,
  CASE WHEN "three_day_cents" > 0 THEN "three_day_cents" END,
  CASE WHEN "a_week_cents" > 0 THEN "a_week_cents" END,
  CASE WHEN "two_week_cents" > 0 THEN "two_week_cents" END,
  CASE WHEN "month_cents" > 0 THEN "month_cents" END
)), "id") WHERE "deleted" = false AND "inactive_reason" IS NULL;
