-- Issue 31 (ADR 0045): the operator console. An append-only audit log of operator actions; why and
-- when a user was suspended; the pain.001 message a withdrawal was last exported in; disputes of
-- APPEALED contracts (one open per contract) and their decisions.
CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"kind" text NOT NULL,
	"comment" text NOT NULL,
	"previous_status" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"decision" jsonb,
	"decided_by" integer,
	"decided_ts" timestamp with time zone,
	"created_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_user_id" integer,
	"contract_id" integer,
	"payment_id" integer,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_ts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payout_msg_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_per_contract_uq" ON "disputes" USING btree ("contract_id") WHERE "disputes"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","created_ts");--> statement-breakpoint
CREATE INDEX "operator_audit_log_created_idx" ON "operator_audit_log" USING btree ("created_ts");--> statement-breakpoint
CREATE INDEX "operator_audit_log_target_idx" ON "operator_audit_log" USING btree ("target_user_id");