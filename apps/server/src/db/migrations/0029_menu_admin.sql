CREATE TABLE "photos" (
	"photo_id" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_photo_id_width_format_pk" PRIMARY KEY("photo_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "product_nutrition" (
	"product_code" text NOT NULL,
	"size_id" integer NOT NULL,
	"serving_size_g" double precision NOT NULL,
	"energy_kcal" double precision NOT NULL,
	"protein_g" double precision NOT NULL,
	"carbohydrate_g" double precision NOT NULL,
	"sugar_g" double precision NOT NULL,
	"fat_g" double precision NOT NULL,
	"sodium_mg" double precision NOT NULL,
	"allergens" text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "product_nutrition_product_code_size_id_pk" PRIMARY KEY("product_code","size_id")
);
--> statement-breakpoint
CREATE TABLE "variant_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_code" text NOT NULL,
	"store_id" integer,
	"city_id" text,
	"price_paise" integer NOT NULL,
	"regular_price_paise" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variant_prices_scope" CHECK ("variant_prices"."store_id" is null or "variant_prices"."city_id" is null),
	CONSTRAINT "variant_prices_amounts" CHECK ("variant_prices"."price_paise" > 0 and "variant_prices"."regular_price_paise" >= "variant_prices"."price_paise")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_snapshots" ADD COLUMN "next_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "retired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "priced_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photo_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "toppings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_nutrition" ADD CONSTRAINT "product_nutrition_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_nutrition" ADD CONSTRAINT "product_nutrition_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_variant_code_product_variants_code_fk" FOREIGN KEY ("variant_code") REFERENCES "public"."product_variants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "variant_prices_slot_uq" ON "variant_prices" USING btree ("variant_code",coalesce("store_id", 0),coalesce("city_id", ''),coalesce("starts_at", '-infinity'::timestamptz));--> statement-breakpoint
CREATE INDEX "variant_prices_starts_idx" ON "variant_prices" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "variants_prices" CHECK ("product_variants"."price_paise" > 0 and "product_variants"."regular_price_paise" >= "product_variants"."price_paise");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status" CHECK ("products"."status" in ('DRAFT', 'PUBLISHED', 'HIDDEN', 'RETIRED'));