-- Issue 31: rental extensions (ADR 0044). The renter asks for a new end; the owner accepts before the
-- original end or it lapses; the difference is charged from the balance or by bank link, and only
-- a paid extension moves the contract's end. One open request per contract (partial unique index).
CREATE TABLE "contract_extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"renter_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"status" text NOT NULL,
	"previous_end_ts" timestamp with time zone NOT NULL,
	"new_end_ts" timestamp with time zone NOT NULL,
	"new_amount_cents" bigint NOT NULL,
	"new_vat_cents" bigint NOT NULL,
	"new_fee_cents" bigint NOT NULL,
	"new_tier" text NOT NULL,
	"new_total_cents" bigint NOT NULL,
	"difference_cents" bigint NOT NULL,
	"fee_difference_cents" bigint NOT NULL,
	"contract_version" integer,
	"requested_ts" timestamp with time zone NOT NULL,
	"decided_ts" timestamp with time zone,
	"paid_ts" timestamp with time zone,
	"lapsed_ts" timestamp with time zone,
	CONSTRAINT "contract_extensions_status_known" CHECK ("contract_extensions"."status" in ('REQUESTED', 'PENDING_PAYMENT', 'PAID', 'DECLINED', 'LAPSED')),
	CONSTRAINT "contract_extensions_later_end" CHECK ("contract_extensions"."new_end_ts" > "contract_extensions"."previous_end_ts"),
	CONSTRAINT "contract_extensions_difference" CHECK ("contract_extensions"."difference_cents" >= 0 and "contract_extensions"."fee_difference_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "extension_id" integer;--> statement-breakpoint
ALTER TABLE "contract_extensions" ADD CONSTRAINT "contract_extensions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_extensions" ADD CONSTRAINT "contract_extensions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_extensions" ADD CONSTRAINT "contract_extensions_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_extensions" ADD CONSTRAINT "contract_extensions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_extensions_contract_idx" ON "contract_extensions" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_extensions_one_open_uq" ON "contract_extensions" USING btree ("contract_id") WHERE "contract_extensions"."status" in ('REQUESTED', 'PENDING_PAYMENT');--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_extension_id_contract_extensions_id_fk" FOREIGN KEY ("extension_id") REFERENCES "public"."contract_extensions"("id") ON DELETE no action ON UPDATE no action;