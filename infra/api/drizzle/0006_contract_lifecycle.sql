ALTER TABLE "contracts" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "refund_cents" bigint;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "owner_handed_over_ts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "renter_returned_ts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "owner_returned_ts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;