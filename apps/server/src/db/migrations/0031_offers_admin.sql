ALTER TABLE "coupons" ADD COLUMN "city_ids" text[];--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "edv_deals" ADD COLUMN "city_ids" text[];--> statement-breakpoint
ALTER TABLE "edv_deals" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "edv_deals" ADD COLUMN "valid_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "edv_deals" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "edv_deals" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "edv_deals" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- an offer switched off before the back office had statuses is retired: kept, never applied
UPDATE "coupons" SET "status" = 'RETIRED' WHERE NOT "active";--> statement-breakpoint
UPDATE "edv_deals" SET "status" = 'RETIRED' WHERE NOT "active";--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "edv_deals" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_status" CHECK ("coupons"."status" in ('DRAFT', 'PUBLISHED', 'RETIRED'));--> statement-breakpoint
ALTER TABLE "edv_deals" ADD CONSTRAINT "edv_deals_status" CHECK ("edv_deals"."status" in ('DRAFT', 'PUBLISHED', 'RETIRED'));