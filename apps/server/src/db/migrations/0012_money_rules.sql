ALTER TABLE "coupons" ADD COLUMN "card_issuer" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "card_bins" text[];--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "audience" text DEFAULT 'ALL' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_audience" CHECK ("coupons"."audience" in ('ALL', 'STAFF'));--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "mobile" text;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_mobile_uq" ON "staff" USING btree ("mobile");--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "pg_orders" ADD COLUMN "restrictions" jsonb;--> statement-breakpoint
ALTER TABLE "pg_payments" ADD COLUMN "card_bin" text;
