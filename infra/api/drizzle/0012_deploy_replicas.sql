-- Issue 14: state that several API replicas must share. The Smart-ID / Mobile-ID sandbox keeps
-- its running sessions here (a poll may reach another replica than the start), and browsers'
-- remote load/mount reports are stored for the admin page.
CREATE TABLE "identity_sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"personal_code" text NOT NULL,
	"started_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_load_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_ts" timestamp with time zone NOT NULL,
	"user_id" integer,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"outcome" text NOT NULL,
	"served_version" text,
	"duration_ms" integer NOT NULL,
	"message" text NOT NULL,
	"path" text NOT NULL,
	"release" text NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "remote_load_reports" ADD CONSTRAINT "remote_load_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_sandbox_sessions_started_idx" ON "identity_sandbox_sessions" USING btree ("started_ts");--> statement-breakpoint
CREATE INDEX "remote_load_reports_received_idx" ON "remote_load_reports" USING btree ("received_ts");--> statement-breakpoint
CREATE INDEX "remote_load_reports_remote_idx" ON "remote_load_reports" USING btree ("remote","version","received_ts");