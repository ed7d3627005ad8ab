-- Issue 32: the products a renter saved, with the renter-visible day price when saved and when last
-- told of a drop, in cents (docs/adr/0048-saved-products-and-price-drop-notices.md).
CREATE TABLE "saved_products" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"saved_ts" timestamp with time zone NOT NULL,
	"saved_price_cents" integer,
	"last_seen_price_cents" integer,
	CONSTRAINT "saved_products_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "saved_products" ADD CONSTRAINT "saved_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_products" ADD CONSTRAINT "saved_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_products_product_idx" ON "saved_products" USING btree ("product_id");