CREATE TABLE "favourite_items" (
	"owner_id" text NOT NULL,
	"product_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_items_owner_id_product_code_pk" PRIMARY KEY("owner_id","product_code")
);
--> statement-breakpoint
CREATE TABLE "order_stage_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"stage" text NOT NULL,
	"staff_id" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"store_id" integer,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role" CHECK (("staff"."role" = 'STORE' and "staff"."store_id" is not null) or ("staff"."role" = 'ADMIN' and "staff"."store_id" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rider_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guarantee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "favourite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "favourite_items" ADD CONSTRAINT "favourite_items_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stage_events" ADD CONSTRAINT "order_stage_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_stage_events_uq" ON "order_stage_events" USING btree ("order_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_username_uq" ON "staff" USING btree ("username");--> statement-breakpoint
CREATE INDEX "orders_store_stage_idx" ON "orders" USING btree ("store_id","stage","placed_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stage" CHECK ("orders"."stage" is null or "orders"."stage" in ('CONFIRMED', 'BEING_BAKED', 'DISPATCHED', 'READY', 'DELIVERED', 'PICKED_UP', 'CANCELLED'));