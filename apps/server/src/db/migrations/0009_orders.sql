CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"number" serial NOT NULL,
	"owner_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"cart_version" integer NOT NULL,
	"store_id" integer NOT NULL,
	"delivery_type" text NOT NULL,
	"status" text DEFAULT 'payment_pending' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"total_paise" integer NOT NULL,
	"wallet_paise" integer DEFAULT 0 NOT NULL,
	"amount_paise" integer NOT NULL,
	"primary_payment_id" text,
	"upi_mode" text,
	"mobile" text NOT NULL,
	"user_details" jsonb NOT NULL,
	"address" jsonb,
	"deliver_to" text NOT NULL,
	"vehicle" jsonb,
	"station_id" integer,
	"advanced_time" timestamp with time zone,
	"zero_contact" boolean DEFAULT false NOT NULL,
	"instructions" text,
	"promo_code" text,
	"voucher_code" text,
	"code_hash" text,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"placed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('payment_pending', 'placed', 'failed', 'cancelled')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."amount_paise" >= 0 and "orders"."wallet_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"gateway_order_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"order_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_state" CHECK ("payments"."state" in ('created', 'pending', 'success', 'failed', 'refund_pending', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pin_hash" text,
	"balance_paise" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vouchers_kind" CHECK ("vouchers"."kind" in ('EV', 'GC')),
	CONSTRAINT "vouchers_balance_non_negative" CHECK ("vouchers"."balance_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_uq" ON "orders" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_active_cart_uq" ON "orders" USING btree ("cart_id") WHERE "orders"."status" in ('payment_pending', 'placed');--> statement-breakpoint
CREATE INDEX "orders_owner_created_idx" ON "orders" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_mobile_created_idx" ON "orders" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_order_uq" ON "payments" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "payments_state_updated_idx" ON "payments" USING btree ("state","updated_at");