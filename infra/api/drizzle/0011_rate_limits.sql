-- Abuse limits (issue 15): one fixed-window counter per key (an address, an account, or both),
-- in the database so every API instance counts against the same numbers.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");