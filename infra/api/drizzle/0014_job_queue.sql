-- Issue 26: one job queue for every replica (ADR 0029). A recurring job is enqueued once per period
-- (its key), a claim takes due rows with FOR UPDATE SKIP LOCKED under a lease, a failure is retried
-- with backoff until max_attempts. The outbox of issue 29 is to deliver its mail through it.
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"done_ts" timestamp with time zone,
	"created_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_key_uq" ON "jobs" USING btree ("name","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_ts" is null;