CREATE TABLE "delivery_codes" (
	"order_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_codes_attempts" CHECK ("delivery_codes"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_stage";--> statement-breakpoint
ALTER TABLE "delivery_codes" ADD CONSTRAINT "delivery_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stage" CHECK ("orders"."stage" is null or "orders"."stage" in ('CONFIRMED', 'BEING_BAKED', 'DISPATCHED', 'READY', 'DELIVERED', 'PICKED_UP', 'UNDELIVERED', 'CANCELLED'));