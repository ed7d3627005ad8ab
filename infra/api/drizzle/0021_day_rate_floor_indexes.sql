-- Issue 32 (ADR 0047): a dated search sorted cheapest first orders by the period's price, which is
-- worked out per product. A whole-day rental never costs less than its days times the product's
-- lowest positive rate among the tiers that span can use (dayRateFloorSql in
-- repositories/search-period-sql.ts, which must write these expressions exactly so), so the search
-- walks one of these to find the page's price bound and prices only the products under it. One for
-- rentals shorter than the three-day tier (day and weekend-day rates), one for any whole-day rental.
-- Expression indexes drizzle's schema cannot declare.
CREATE INDEX "products_short_day_rate_idx" ON "products" USING btree ((least(
  CASE WHEN "price_daily_cents" > 0 THEN "price_daily_cents" END,
  CASE WHEN "weekend_day_cents" > 0 THEN "weekend_day_cents" END
)), "id") WHERE "deleted" = false AND "inactive_reason" IS NULL;--> statement-breakpoint
CREATE INDEX "products_min_day_rate_idx" ON "products" USING btree ((least(
  CASE WHEN "price_daily_cents" > 0 THEN "price_daily_cents" END,
  CASE WHEN "weekend_day_cents" > 0 THEN "weekend_day_cents" END,
  CASE WHEN "three_day_cents" > 0 THEN "three_day_cents" END,
  CASE WHEN "a_week_cents" > 0 THEN "a_week_cents" END,
  CASE WHEN "two_week_cents" > 0 THEN "two_week_cents" END,
  CASE WHEN "month_cents" > 0 THEN "month_cents" END
)), "id") WHERE "deleted" = false AND "inactive_reason" IS NULL;
