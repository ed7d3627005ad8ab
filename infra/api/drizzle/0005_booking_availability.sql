ALTER TABLE "reservations" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_tier" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_request_per_renter_uq" ON "reservations" USING btree ("product_id","user_id") WHERE "reservations"."status" = 'REQUESTED';--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_known" CHECK ("reservations"."status" in ('REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL', 'DECLINED', 'DECLINED_BY_SYSTEM', 'CANCELLED', 'TERMINATED', 'FINISHED'));--> statement-breakpoint
-- Double booking is refused by the database, never by check-then-insert: no two holding
-- reservations of one product may overlap in time. Periods are end-exclusive, so a return at 08:00
-- and the next handover at 08:00 fit. The status list is HOLDING_RESERVATION_STATUSES of the
-- kernel (shared-kernel/src/domain/reservation-rules.ts; test/availability.test.ts compares them).
-- btree_gist gives GiST the `=` on product_id; it ships with PGlite (contrib) and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("product_id" WITH =, tstzrange("start_ts", "end_ts", '[)') WITH &&)
  WHERE ("status" IN ('REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL'));
