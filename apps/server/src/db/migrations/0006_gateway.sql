CREATE TABLE "pg_modes" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"decline" boolean DEFAULT false NOT NULL,
	"timeout" boolean DEFAULT false NOT NULL,
	"lost_callback" boolean DEFAULT false NOT NULL,
	"duplicate_webhooks" smallint DEFAULT 1 NOT NULL,
	"shuffle_webhooks" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pg_modes_single_row" CHECK ("pg_modes"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "pg_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"receipt" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"callback_url" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pg_orders_amount_positive" CHECK ("pg_orders"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "pg_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"amount_paise" integer NOT NULL,
	"amount_refunded_paise" integer DEFAULT 0 NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"vpa" text,
	"bank" text,
	"wallet" text,
	"otp_attempts" smallint DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_description" text,
	"callback_dropped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pg_payments_refund_within_amount" CHECK ("pg_payments"."amount_refunded_paise" >= 0 and "pg_payments"."amount_refunded_paise" <= "pg_payments"."amount_paise")
);
--> statement-breakpoint
CREATE TABLE "pg_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"receipt" text NOT NULL,
	"status" text DEFAULT 'processed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pg_refunds_amount_positive" CHECK ("pg_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "pg_webhook_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"copy" smallint DEFAULT 0 NOT NULL,
	"event" text NOT NULL,
	"order_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pg_payments" ADD CONSTRAINT "pg_payments_order_id_pg_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pg_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pg_refunds" ADD CONSTRAINT "pg_refunds_payment_id_pg_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."pg_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pg_orders_receipt_uq" ON "pg_orders" USING btree ("receipt");--> statement-breakpoint
CREATE INDEX "pg_payments_order_idx" ON "pg_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pg_refunds_receipt_uq" ON "pg_refunds" USING btree ("receipt");--> statement-breakpoint
CREATE INDEX "pg_refunds_payment_idx" ON "pg_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pg_webhook_outbox_event_copy_uq" ON "pg_webhook_outbox" USING btree ("event_id","copy");--> statement-breakpoint
CREATE INDEX "pg_webhook_outbox_due_idx" ON "pg_webhook_outbox" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "pg_webhook_outbox_order_idx" ON "pg_webhook_outbox" USING btree ("order_id");