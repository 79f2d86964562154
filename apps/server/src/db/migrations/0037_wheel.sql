CREATE TABLE "game_day_counters" (
	"day" text NOT NULL,
	"position" smallint NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_day_counters_day_position_pk" PRIMARY KEY("day","position")
);
--> statement-breakpoint
CREATE TABLE "game_rules" (
	"id" smallint PRIMARY KEY NOT NULL,
	"daily_budget_paise" integer,
	"spin_window_days" integer NOT NULL,
	"prize_valid_days" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_segments" (
	"position" smallint PRIMARY KEY NOT NULL,
	"colour_index" smallint NOT NULL,
	"label" text NOT NULL,
	"prize_kind" text NOT NULL,
	"prize_value" integer DEFAULT 0 NOT NULL,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"product_code" text,
	"weight" integer NOT NULL,
	"daily_limit" integer,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_segments_position" CHECK ("game_segments"."position" between 0 and 7),
	CONSTRAINT "game_segments_colour" CHECK ("game_segments"."colour_index" between 0 and 7),
	CONSTRAINT "game_segments_kind" CHECK ("game_segments"."prize_kind" in ('COUPON', 'POINTS', 'FREE_SIDE', 'NONE')),
	CONSTRAINT "game_segments_weight" CHECK ("game_segments"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_spins" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"order_id" text NOT NULL,
	"state" text NOT NULL,
	"position" smallint,
	"prize" jsonb,
	"coupon_code" text,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_spins_state" CHECK ("game_spins"."state" in ('PROCESSING', 'SUCCESS', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "game_spins" ADD CONSTRAINT "game_spins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_spins_order_uq" ON "game_spins" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "game_spins_customer_idx" ON "game_spins" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "game_spins_day_idx" ON "game_spins" USING btree ("day");