CREATE TABLE "additional_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"additional_info" text,
	"deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "additional_services_cost_non_negative" CHECK ("additional_services"."cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_category_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer,
	"comment" text NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"prime" boolean DEFAULT false NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"content" text NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"renter_id" integer,
	"owner_id" integer NOT NULL,
	"status" text NOT NULL,
	"start_ts" timestamp with time zone NOT NULL,
	"end_ts" timestamp with time zone NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"additional_service_cost_cents" bigint DEFAULT 0 NOT NULL,
	"paid_later" boolean DEFAULT false NOT NULL,
	"contract_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancel_reason" text,
	"renter_received_ts" timestamp with time zone,
	"returned_ts" timestamp with time zone,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"contract_id" integer,
	"rating_halves" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_range" CHECK ("feedback"."rating_halves" between 2 and 10)
);
--> statement-breakpoint
CREATE TABLE "gokart_slot_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"slot_start_ts" timestamp with time zone NOT NULL,
	"riders" smallint NOT NULL,
	"rider_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gokart_slot_bookings_riders" CHECK ("gokart_slot_bookings"."riders" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" integer,
	"method" text NOT NULL,
	"phone_number" text,
	"personal_code" text NOT NULL,
	"control_code" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"provider_result" text,
	"message" text,
	"created_ts" timestamp with time zone NOT NULL,
	"completed_ts" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account" text NOT NULL,
	"user_id" integer,
	"amount_cents" bigint NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"contract_id" integer,
	"payment_id" integer,
	"memo" text,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"seen_by_sender" boolean DEFAULT true NOT NULL,
	"seen_by_receiver" boolean DEFAULT false NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_threads_not_self" CHECK ("message_threads"."sender_id" <> "message_threads"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"reference_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_ts" timestamp with time zone NOT NULL,
	"expires_ts" timestamp with time zone NOT NULL,
	"used_ts" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"contract_id" integer,
	"direction" text NOT NULL,
	"title_code" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"provider" text,
	"provider_ref" text,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_ts" timestamp with time zone,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "problem_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"contract_id" integer,
	"comment" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_vacation_days" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "product_vacation_days_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"manufacturer" text,
	"product_code" text,
	"price_daily_cents" integer,
	"price_hour_cents" integer,
	"three_day_cents" integer,
	"a_week_cents" integer,
	"two_week_cents" integer,
	"month_cents" integer,
	"weekend_day_cents" integer,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"start_ts" text DEFAULT '08:00' NOT NULL,
	"end_ts" text DEFAULT '18:00' NOT NULL,
	"rent_days" text[] DEFAULT '{MONDAY,TUESDAY,WEDNESDAY,THURSDAY,FRIDAY}'::text[] NOT NULL,
	"paid_later" boolean DEFAULT false NOT NULL,
	"automatically_approved" boolean DEFAULT false NOT NULL,
	"automatically_approved_txt" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"inactive_reason" text,
	"lat" double precision,
	"lon" double precision,
	"location_description" text,
	"width" double precision,
	"height" double precision,
	"length_of_item" double precision,
	"weight" double precision,
	"max_carry" double precision,
	"engine_type" text,
	"issue_year" integer,
	"power" double precision,
	"axle_count" integer,
	"seat" integer,
	"gear" text,
	"platform_height" double precision,
	"can_go_foreign" boolean,
	"carrying_wheels" text,
	"carry_configuration" text,
	"distance_travelled" integer,
	"radius_max" double precision,
	"platform_measurements" text,
	"lift_type" text,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_prices_non_negative" CHECK (coalesce("products"."price_daily_cents", 0) >= 0 and coalesce("products"."price_hour_cents", 0) >= 0 and "products"."cost_cents" >= 0),
	CONSTRAINT "products_lat_range" CHECK ("products"."lat" is null or ("products"."lat" between -90 and 90)),
	CONSTRAINT "products_lon_range" CHECK ("products"."lon" is null or ("products"."lon" between -180 and 180))
);
--> statement-breakpoint
CREATE TABLE "reservation_additional_services" (
	"reservation_id" integer NOT NULL,
	"additional_service_id" integer NOT NULL,
	"cost_cents" integer NOT NULL,
	CONSTRAINT "reservation_additional_services_reservation_id_additional_service_id_pk" PRIMARY KEY("reservation_id","additional_service_id")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer,
	"product_owner_id" integer NOT NULL,
	"kind" text DEFAULT 'STANDARD' NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"start_ts" timestamp with time zone NOT NULL,
	"end_ts" timestamp with time zone NOT NULL,
	"hourly" boolean DEFAULT false NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"additional_service_cost_cents" bigint DEFAULT 0 NOT NULL,
	"decline_reason" text,
	"accepted_text" text,
	"person_name" text,
	"person_phone" text,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_start_before_end" CHECK ("reservations"."start_ts" < "reservations"."end_ts")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_ts" timestamp with time zone NOT NULL,
	"last_seen_ts" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"last_name" text,
	"identity_code" text,
	"country_code" text DEFAULT 'EE' NOT NULL,
	"birthday" date,
	"registry_code" text,
	"representative_name" text,
	"allow_vat" boolean DEFAULT false NOT NULL,
	"allow_email" boolean DEFAULT true NOT NULL,
	"account_nr" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_ts" timestamp with time zone,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"suspended" boolean DEFAULT false NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "additional_services" ADD CONSTRAINT "additional_services_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_infos" ADD CONSTRAINT "contact_infos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gokart_slot_bookings" ADD CONSTRAINT "gokart_slot_bookings_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gokart_slot_bookings" ADD CONSTRAINT "gokart_slot_bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_vacation_days" ADD CONSTRAINT "product_vacation_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_additional_services" ADD CONSTRAINT "reservation_additional_services_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_additional_services" ADD CONSTRAINT "reservation_additional_services_additional_service_id_additional_services_id_fk" FOREIGN KEY ("additional_service_id") REFERENCES "public"."additional_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_product_owner_id_users_id_fk" FOREIGN KEY ("product_owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "additional_services_product_idx" ON "additional_services" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_category_id");--> statement-breakpoint
CREATE INDEX "comments_product_idx" ON "comments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "contact_infos_user_idx" ON "contact_infos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_infos_email_idx" ON "contact_infos" USING btree (lower("value")) WHERE "contact_infos"."type" = 'EMAIL';--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_reservation_uq" ON "contracts" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "contracts_renter_idx" ON "contracts" USING btree ("renter_id");--> statement-breakpoint
CREATE INDEX "contracts_owner_idx" ON "contracts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "feedback_product_idx" ON "feedback" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "gokart_slot_bookings_slot_idx" ON "gokart_slot_bookings" USING btree ("product_id","slot_start_ts");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_token_uq" ON "identity_verifications" USING btree ("token");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idem_uq" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_ts");--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_pair_uq" ON "message_threads" USING btree (least("sender_id", "receiver_id"),greatest("sender_id", "receiver_id"));--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","created_ts");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","read");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_ts");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "problem_reports_product_idx" ON "problem_reports" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","sort_order");--> statement-breakpoint
CREATE INDEX "products_user_idx" ON "products" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_ts") WHERE "products"."deleted" = false;--> statement-breakpoint
CREATE INDEX "products_earth_gist" ON "products" USING gist (ll_to_earth("lat", "lon")) WHERE "products"."lat" is not null and "products"."lon" is not null;--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_hash_uq" ON "reservations" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "reservations_product_time_idx" ON "reservations" USING btree ("product_id","start_ts","end_ts");--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reservations_owner_idx" ON "reservations" USING btree ("product_owner_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_ts");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_identity_code_idx" ON "users" USING btree ("identity_code");