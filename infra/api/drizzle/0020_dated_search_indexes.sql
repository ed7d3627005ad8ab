-- Issue 32 (ADR 0047): a dated search reads, once per search, which products its period is taken
-- for (repositories/period-overlaps.ts) instead of probing each candidate's rows. These indexes find
-- those rows by time alone. Expression and partial GiST indexes drizzle's schema cannot declare.
-- Holding reservations, the exclusion constraint reservations_no_overlap's rows. Its own index leads
-- with product_id and took 35-55 ms to find a period's 178 rows by range alone; this range has both
-- ends included only so the planner cannot take the constraint's index for it (the query narrows
-- to the exact half-open overlap).
CREATE INDEX "reservations_holding_range_idx" ON "reservations" USING gist (tstzrange("start_ts", "end_ts", '[]'))
  WHERE ("status" IN ('REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL') AND "kind" <> 'GOKART');--> statement-breakpoint
-- Outside calendars' blocks are stored unchecked: the ordered ends with both included never fail
-- to make a range and cover the block's exact comparison.
CREATE INDEX "calendar_blocks_range_idx" ON "calendar_blocks" USING gist (tstzrange(least("start_ts", "end_ts"), greatest("start_ts", "end_ts"), '[]'));--> statement-breakpoint
CREATE INDEX "product_vacation_days_day_idx" ON "product_vacation_days" USING btree ("day", "product_id");
