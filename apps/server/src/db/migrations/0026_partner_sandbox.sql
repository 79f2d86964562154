CREATE TABLE "sandbox_partner_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"client_id" text NOT NULL,
	"mobile" text NOT NULL,
	"name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_partner_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_partner_notifications_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_partner_orders" (
	"order_ref" text PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"merchant_id" text NOT NULL,
	"receipt" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_partner_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"order_ref" text NOT NULL,
	"vendor" text NOT NULL,
	"status" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_partner_payments_status" CHECK ("sandbox_partner_payments"."status" in ('captured', 'failed')),
	CONSTRAINT "sandbox_partner_payments_refund" CHECK ("sandbox_partner_payments"."refunded_paise" between 0 and "sandbox_partner_payments"."amount_paise")
);
--> statement-breakpoint
CREATE TABLE "sandbox_partner_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"receipt" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_partner_refunds_receipt_unique" UNIQUE("receipt")
);
--> statement-breakpoint
CREATE TABLE "sandbox_partner_switches" (
	"vendor" text PRIMARY KEY NOT NULL,
	"decline" boolean DEFAULT false NOT NULL,
	"expired_codes" boolean DEFAULT false NOT NULL,
	"slow_ms" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_partner_switches_slow" CHECK ("sandbox_partner_switches"."slow_ms" between 0 and 60000)
);
--> statement-breakpoint
CREATE TABLE "sandbox_partner_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"mobile" text NOT NULL,
	"name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_partner_notifications_due_idx" ON "sandbox_partner_notifications" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_partner_orders_receipt" ON "sandbox_partner_orders" USING btree ("vendor","receipt");--> statement-breakpoint
CREATE INDEX "sandbox_partner_payments_order_idx" ON "sandbox_partner_payments" USING btree ("order_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_partner_payments_one_capture" ON "sandbox_partner_payments" USING btree ("order_ref") WHERE "sandbox_partner_payments"."status" = 'captured';