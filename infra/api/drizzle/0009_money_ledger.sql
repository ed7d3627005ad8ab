CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_reference" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"purpose_kind" text NOT NULL,
	"reservation_id" integer,
	"reservation_hash" text,
	"provider" text NOT NULL,
	"bank" text NOT NULL,
	"locale" text DEFAULT 'et' NOT NULL,
	"return_path" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payment_id" integer,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_ts" timestamp with time zone NOT NULL,
	"settled_ts" timestamp with time zone,
	CONSTRAINT "payment_orders_amount_positive" CHECK ("payment_orders"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_reference_uq" ON "payment_orders" USING btree ("merchant_reference");--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("status","expires_ts");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_contract_idx" ON "ledger_transactions" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "payments_contract_idx" ON "payments" USING btree ("contract_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0);