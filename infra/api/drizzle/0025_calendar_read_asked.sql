-- Issue 32 (ADR 0046 amendment): adding a calendar and "read again" queue the read instead of
-- doing it inside the request; the time it was asked marks the calendar as being read until a read
-- that started after it has finished.
ALTER TABLE "calendar_imports" ADD COLUMN "read_asked_ts" timestamp with time zone;
