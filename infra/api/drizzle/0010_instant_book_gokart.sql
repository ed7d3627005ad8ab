-- Issue 12: instant book and the go-kart track (written by hand; drizzle cannot declare these).
--
-- An instant book or go-kart booking waits for its bank-link payment in PENDING_PAYMENT and holds
-- its time until hold_expires_ts; the payment's expiry releases it, and the stale-request job
-- releases any hold left past it (a safety net).
ALTER TABLE "reservations" ADD COLUMN "hold_expires_ts" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reservations_payment_hold_idx" ON "reservations" USING btree ("hold_expires_ts") WHERE "status" = 'PENDING_PAYMENT';--> statement-breakpoint
-- Go-kart bookings share the track: many reservations of the one product run in the same slot, up
-- to the slot's capacity in riders. They are left out of the overlap exclusion (migration 0005)
-- and counted per slot by the trigger below instead.
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_no_overlap";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("product_id" WITH =, tstzrange("start_ts", "end_ts", '[)') WITH &&)
  WHERE ("status" IN ('REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL') AND "kind" <> 'GOKART');--> statement-breakpoint
CREATE UNIQUE INDEX "gokart_slot_bookings_reservation_slot_uq" ON "gokart_slot_bookings" USING btree ("reservation_id","slot_start_ts");--> statement-breakpoint
-- Capacity: at most 10 riders per slot across the bookings that hold their places (the holding
-- statuses of the kernel, as in reservations_no_overlap), so a failed or expired payment frees
-- them. The transaction-scoped advisory lock on (product, slot minute) queues the writers of one
-- slot; each sum runs on a fresh snapshot (a volatile function in READ COMMITTED), so it sees
-- every booking committed before the lock was granted. A serializable caller would not see them:
-- the API books in READ COMMITTED.
CREATE FUNCTION "gokart_slot_capacity_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  PERFORM pg_advisory_xact_lock(NEW.product_id, (extract(epoch from NEW.slot_start_ts) / 60)::integer);
  SELECT coalesce(sum(b.riders), 0) INTO taken
  FROM gokart_slot_bookings b
  JOIN reservations r ON r.id = b.reservation_id
  WHERE b.product_id = NEW.product_id
    AND b.slot_start_ts = NEW.slot_start_ts
    AND b.id <> NEW.id
    AND r.status IN ('REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL');
  IF taken + NEW.riders > 10 THEN
    RAISE EXCEPTION 'go-kart slot % of product % is full (% taken, % asked)', NEW.slot_start_ts, NEW.product_id, taken, NEW.riders
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gokart_slot_capacity';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "gokart_slot_capacity" BEFORE INSERT OR UPDATE OF "riders", "slot_start_ts", "product_id" ON "gokart_slot_bookings"
  FOR EACH ROW EXECUTE FUNCTION "gokart_slot_capacity_check"();
