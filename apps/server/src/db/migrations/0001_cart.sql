CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"delivery_type" text NOT NULL,
	"lines" jsonb NOT NULL,
	"tip_paise" integer DEFAULT 0 NOT NULL,
	"optional_charge" boolean DEFAULT false NOT NULL,
	"promo_code" text,
	"order_time_sec" integer,
	"selected_payment_id" text,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recent_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"customer_id" text NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"rule" jsonb NOT NULL,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"order_types" text[],
	"store_ids" integer[],
	"days" smallint[],
	"hours_from" smallint,
	"hours_to" smallint,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"per_customer_limit" integer,
	"total_limit" integer,
	"payment_options" text[],
	"hidden" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"terms" text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edv_deals" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"group_size" smallint NOT NULL,
	"prices" jsonb NOT NULL,
	"product_types" text[] NOT NULL,
	"crust_ids" integer[],
	"product_codes" text[],
	"store_ids" integer[],
	"terms" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "edv_deals_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_code_coupons_code_fk" FOREIGN KEY ("code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_owner_idx" ON "carts" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_uq" ON "coupon_redemptions" USING btree ("code","order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("code","customer_id");