-- Issue 32 (ADR 0046 amendment): a calendar with more coming events than are kept blocks only the
-- soonest; the instant from which its events are not taken in is kept on it, so the owner is told.
ALTER TABLE "calendar_imports" ADD COLUMN "honoured_until" timestamp with time zone;
