-- Issue 31 (ADR 0043): who marked the receipt and the return that ended the rental (times are in the
-- existing *_ts columns), and the late-return fee with what of it was left as the renter's debt.
ALTER TABLE "contracts" ADD COLUMN "received_by" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "returned_by" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "late_fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "late_fee_debt_cents" bigint;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Marks made before this migration: the renter's receipt was the renter's, a finished return the owner's.
UPDATE "contracts" SET "received_by" = "renter_id" WHERE "renter_received_ts" IS NOT NULL;--> statement-breakpoint
UPDATE "contracts" SET "returned_by" = "owner_id" WHERE "owner_returned_ts" IS NOT NULL;
