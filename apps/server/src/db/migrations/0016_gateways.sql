ALTER TABLE "payments" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "pg_orders" ADD COLUMN "protocol" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "pg_payments" ADD COLUMN "callback_url" text;--> statement-breakpoint
ALTER TABLE "pg_payments" ADD COLUMN "failure_url" text;--> statement-breakpoint
ALTER TABLE "pg_webhook_outbox" ADD COLUMN "protocol" text DEFAULT 'sandbox' NOT NULL;