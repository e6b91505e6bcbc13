CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_families" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "user_features" (
	"user_id" integer NOT NULL,
	"slug" text NOT NULL,
	"level" integer NOT NULL,
	"limit" integer,
	CONSTRAINT "user_features_user_id_slug_pk" PRIMARY KEY("user_id","slug")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"name" text DEFAULT '' NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"contact_info" text DEFAULT '' NOT NULL,
	"role" integer DEFAULT 0 NOT NULL,
	"role_name" text DEFAULT 'Agente' NOT NULL,
	"parent_id" integer,
	"status" text DEFAULT 'PENDING_ACTIVATION' NOT NULL,
	"group_type" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"group_code" text DEFAULT '' NOT NULL,
	"group_fee_type" text DEFAULT 'FLAT_PERCENTAGE' NOT NULL,
	"fee_type" text DEFAULT 'FLAT_PERCENTAGE' NOT NULL,
	"fee_value" numeric(10, 2) DEFAULT 0 NOT NULL,
	"logo" text,
	"bot_uuid" text,
	"preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_code_unique" UNIQUE("code"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"public_id" text NOT NULL,
	"image_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "marketing_items_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "marketing_items_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brokers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'provider' NOT NULL,
	"logo" text,
	"owner_group" text,
	"owner_user_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "car_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"code" text NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"standard_description" text DEFAULT '' NOT NULL,
	"group_code" text NOT NULL,
	"group_name" text NOT NULL,
	"hex" text
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"brand" text NOT NULL,
	"brand_slug" text NOT NULL,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"fuel" text NOT NULL,
	"gear" text NOT NULL,
	"gear_description" text NOT NULL,
	"displacement" integer,
	"seats" integer NOT NULL,
	"doors" integer NOT NULL,
	"width" integer NOT NULL,
	"length" integer NOT NULL,
	"height" integer NOT NULL,
	"boot" integer NOT NULL,
	"hp" integer NOT NULL,
	"kw" integer NOT NULL,
	"traction" text NOT NULL,
	"consumption" numeric(5, 1) NOT NULL,
	"co2" integer NOT NULL,
	"list_price" numeric(10, 2) NOT NULL,
	"brand_code" text GENERATED ALWAYS AS (upper(left(regexp_replace(brand_slug, '[^a-z0-9]', '', 'g'), 3))) STORED NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"owner_group" text,
	"owner_user_id" integer,
	"segment" text DEFAULT '' NOT NULL,
	"novice_driver" boolean DEFAULT false NOT NULL,
	"fiscal_hp" integer,
	"engine_description" text DEFAULT '' NOT NULL,
	"euro" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cars_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "delivery_times" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"ref" text NOT NULL,
	"deposit" integer NOT NULL,
	"duration" integer NOT NULL,
	"distance" integer NOT NULL,
	"monthly_rate" numeric(10, 2) NOT NULL,
	"web_monthly_rate" numeric(10, 2),
	"bundle" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"special_rate" numeric(10, 2),
	"special_price" numeric(10, 2),
	"rate" numeric(10, 2) GENERATED ALWAYS AS (case when coalesce(special_rate, 0) > 0 and coalesce(special_price, 0) > 0 then least(monthly_rate, special_price) else monthly_rate end) STORED NOT NULL,
	CONSTRAINT "offer_variations_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"reference_code" text NOT NULL,
	"car_id" integer NOT NULL,
	"broker" text NOT NULL,
	"product" text NOT NULL,
	"area" text NOT NULL,
	"delivery_time" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"category" text NOT NULL,
	"fuel" text NOT NULL,
	"gear" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"tag" text,
	"secondary_tag" text,
	"customer_type" text NOT NULL,
	"status" text NOT NULL,
	"stock" text NOT NULL,
	"novice_driver" boolean DEFAULT false NOT NULL,
	"fast_delivery" boolean DEFAULT false NOT NULL,
	"is_highlighted" boolean DEFAULT false NOT NULL,
	"is_suggested" boolean DEFAULT false NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"owner_user_id" integer,
	"owner_group" text,
	"color" text,
	"color_hex" text,
	"image" text NOT NULL,
	"notes" text,
	"private_notes" text,
	"equipped_optionals" text DEFAULT '' NOT NULL,
	"potential_profit" numeric(10, 2) DEFAULT 0 NOT NULL,
	"has_extra_commission" boolean DEFAULT false NOT NULL,
	"has_under_commission" boolean DEFAULT false NOT NULL,
	"has_over_commission" boolean DEFAULT false NOT NULL,
	"min_rate" numeric(10, 2),
	"max_rate" numeric(10, 2),
	"min_deposit" integer,
	"max_deposit" integer,
	"durations" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"distances" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"unlimited_km" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "offers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_services" (
	"product_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"franchise" numeric(10, 2),
	"included" boolean DEFAULT false NOT NULL,
	"quantity" integer,
	"min_quantity" integer,
	"max_quantity" integer,
	"has_price_map" boolean DEFAULT false NOT NULL,
	"price_map" jsonb,
	CONSTRAINT "product_services_product_id_service_id_pk" PRIMARY KEY("product_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"broker_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_group" text,
	"owner_user_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "search_versions" (
	"pid" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text,
	CONSTRAINT "services_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"fiscal_code" text NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"employee_category" text NOT NULL,
	"employee_type" text NOT NULL,
	"employee_secondary_type" text NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"file_type" text NOT NULL,
	"name" text NOT NULL,
	"stored_name" text NOT NULL,
	"size" integer NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"owner_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"offer_id" integer,
	"offer_ref" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"kind" text DEFAULT 'proposal' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"base_price" numeric(10, 2) NOT NULL,
	"deposit" integer NOT NULL,
	"duration" integer NOT NULL,
	"distance" integer NOT NULL,
	"bundle" text,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accessories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"commission" numeric(10, 2),
	"original_commission" numeric(10, 2),
	"new_monthly_rate" numeric(10, 2),
	"consent" boolean DEFAULT false NOT NULL,
	"sustainability" jsonb,
	"pdf_path" text,
	"version" integer DEFAULT 1 NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "car_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"owner_group" text,
	"owner_user_id" integer,
	"file_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'OTHER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vehicle_type" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"car_id" integer,
	"duration" integer NOT NULL,
	"distance" integer NOT NULL,
	"deposit" integer NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'RICEVUTA' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_services" (
	"offer_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"price" numeric(10, 2),
	"quantity" integer,
	CONSTRAINT "offer_services_offer_id_service_id_pk" PRIMARY KEY("offer_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_families" ADD CONSTRAINT "token_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_features" ADD CONSTRAINT "user_features_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_items" ADD CONSTRAINT "marketing_items_post_id_marketing_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."marketing_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_posts" ADD CONSTRAINT "marketing_posts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_options" ADD CONSTRAINT "car_options_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_variations" ADD CONSTRAINT "offer_variations_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_broker_brokers_code_fk" FOREIGN KEY ("broker") REFERENCES "public"."brokers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_products_code_fk" FOREIGN KEY ("product") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_area_areas_code_fk" FOREIGN KEY ("area") REFERENCES "public"."areas"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_delivery_time_delivery_times_code_fk" FOREIGN KEY ("delivery_time") REFERENCES "public"."delivery_times"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_services" ADD CONSTRAINT "product_services_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_services" ADD CONSTRAINT "product_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_broker_code_brokers_code_fk" FOREIGN KEY ("broker_code") REFERENCES "public"."brokers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_documents" ADD CONSTRAINT "quotation_documents_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_images" ADD CONSTRAINT "car_images_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_images" ADD CONSTRAINT "car_images_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_requests" ADD CONSTRAINT "offer_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_requests" ADD CONSTRAINT "offer_requests_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_services" ADD CONSTRAINT "offer_services_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_services" ADD CONSTRAINT "offer_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "token_families_user_idx" ON "token_families" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "users_group_code_idx" ON "users" USING btree ("group_code");--> statement-breakpoint
CREATE INDEX "marketing_items_post_idx" ON "marketing_items" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "marketing_posts_owner_idx" ON "marketing_posts" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_options_car_code_idx" ON "car_options" USING btree ("car_id","code");--> statement-breakpoint
CREATE INDEX "offer_variations_offer_rate_idx" ON "offer_variations" USING btree ("offer_id","rate","id");--> statement-breakpoint
CREATE INDEX "offer_variations_rate_idx" ON "offer_variations" USING btree ("rate");--> statement-breakpoint
CREATE INDEX "offers_owner_user_idx" ON "offers" USING btree ("owner_user_id") WHERE "offers"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "offers_owner_group_idx" ON "offers" USING btree ("owner_group") WHERE "offers"."owner_group" is not null;--> statement-breakpoint
CREATE INDEX "offers_updated_idx" ON "offers" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "offers_car_idx" ON "offers" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "offers_price_idx" ON "offers" USING btree ("min_rate","id") WHERE "offers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "offers_brand_idx" ON "offers" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "offers_fuel_idx" ON "offers" USING btree ("fuel");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_owner_fc_idx" ON "customers" USING btree ("owner_id","fiscal_code");--> statement-breakpoint
CREATE INDEX "customers_vat_idx" ON "customers" USING btree ("vat_number");--> statement-breakpoint
CREATE INDEX "customers_owner_created_idx" ON "customers" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "quotation_documents_q_idx" ON "quotation_documents" USING btree ("quotation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_documents_client_key_idx" ON "quotation_documents" USING btree ("quotation_id","client_key");--> statement-breakpoint
CREATE INDEX "quotations_owner_idx" ON "quotations" USING btree ("owner_id","created_at","status","commission");--> statement-breakpoint
CREATE INDEX "quotations_created_idx" ON "quotations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_customer_idx" ON "quotations" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_client_key_idx" ON "quotations" USING btree ("owner_id","client_key");--> statement-breakpoint
CREATE INDEX "car_images_car_idx" ON "car_images" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "offer_requests_user_idx" ON "offer_requests" USING btree ("user_id");