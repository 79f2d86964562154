CREATE TABLE "app_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crusts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"access_key_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_sessions_access_key_id_unique" UNIQUE("access_key_id")
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" text NOT NULL,
	"name" text NOT NULL,
	"sub_locality" text DEFAULT '' NOT NULL,
	"city_id" text NOT NULL,
	"district" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_snapshots" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"menu_body" text NOT NULL,
	"toppings_body" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"code" text PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"crust_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"regular_price_paise" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"food_type" text NOT NULL,
	"product_type" text NOT NULL,
	"category_ids" integer[] NOT NULL,
	"default_topping_ids" integer[] NOT NULL,
	"is_customizable" boolean NOT NULL,
	"is_replaceable" boolean NOT NULL,
	"is_bestseller" boolean NOT NULL,
	"image" text NOT NULL,
	"sort_order" integer NOT NULL,
	"gst_rate_bp" integer DEFAULT 500 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"serves" smallint NOT NULL,
	CONSTRAINT "sizes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "store_product_overrides" (
	"store_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"price_delta_paise" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_product_overrides_store_id_product_code_pk" PRIMARY KEY("store_id","product_code")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"locality" text NOT NULL,
	"city_id" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text NOT NULL,
	"opens_at" smallint NOT NULL,
	"closes_at" smallint NOT NULL,
	"delivery_radius_m" integer NOT NULL,
	"order_types" text[] NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"advance_order_store_id" integer
);
--> statement-breakpoint
CREATE TABLE "topping_prices" (
	"topping_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"price_paise" integer NOT NULL,
	CONSTRAINT "topping_prices_topping_id_size_id_pk" PRIMARY KEY("topping_id","size_id")
);
--> statement-breakpoint
CREATE TABLE "toppings" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"food_type" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "localities" ADD CONSTRAINT "localities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_snapshots" ADD CONSTRAINT "menu_snapshots_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_crust_id_crusts_id_fk" FOREIGN KEY ("crust_id") REFERENCES "public"."crusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_overrides" ADD CONSTRAINT "store_product_overrides_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_overrides" ADD CONSTRAINT "store_product_overrides_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topping_prices" ADD CONSTRAINT "topping_prices_topping_id_toppings_id_fk" FOREIGN KEY ("topping_id") REFERENCES "public"."toppings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topping_prices" ADD CONSTRAINT "topping_prices_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "localities_place_id_uq" ON "localities" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "localities_city_idx" ON "localities" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_product_crust_size_uq" ON "product_variants" USING btree ("product_code","crust_id","size_id");--> statement-breakpoint
CREATE INDEX "stores_city_idx" ON "stores" USING btree ("city_id");