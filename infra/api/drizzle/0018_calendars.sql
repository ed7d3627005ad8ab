-- Issue 32: private calendar URLs (token hashes only), outside calendars followed per product, and
-- the periods they hold (docs/adr/0046-calendar-export-and-import.md).
CREATE TABLE "calendar_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"start_ts" timestamp with time zone NOT NULL,
	"end_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"created_ts" timestamp with time zone NOT NULL,
	"last_attempt_ts" timestamp with time zone,
	"last_success_ts" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "calendar_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"product_id" integer,
	"token_hash" text NOT NULL,
	"created_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_links" ADD CONSTRAINT "calendar_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_links" ADD CONSTRAINT "calendar_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_blocks_product_idx" ON "calendar_blocks" USING btree ("product_id","end_ts");--> statement-breakpoint
CREATE INDEX "calendar_blocks_import_idx" ON "calendar_blocks" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_imports_product_url_uq" ON "calendar_imports" USING btree ("product_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_links_token_uq" ON "calendar_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_links_product_uq" ON "calendar_links" USING btree ("owner_id","product_id") WHERE "calendar_links"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_links_all_uq" ON "calendar_links" USING btree ("owner_id") WHERE "calendar_links"."product_id" is null;