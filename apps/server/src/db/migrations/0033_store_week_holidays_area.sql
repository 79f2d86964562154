CREATE TABLE "store_hours_exceptions" (
	"store_id" integer NOT NULL,
	"date" date NOT NULL,
	"opens_at" smallint,
	"closes_at" smallint,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "store_hours_exceptions_store_id_date_pk" PRIMARY KEY("store_id","date")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "week" jsonb;--> statement-breakpoint
-- backfill: every day of the week keeps the store's one daily opening and closing
UPDATE "stores" SET "week" = jsonb_build_array(
  jsonb_build_object('opensAt', "opens_at", 'closesAt', "closes_at"),
  jsonb_build_object('opensAt', "opens_at", 'closesAt', "closes_at"),
  jsonb_build_object('opensAt', "opens_at", 'closesAt', "closes_at"),
  jsonb_build_object('opensAt', "opens_at", 'closesAt', "closes_at"),
  jsonb_build_object('opensAt', "opens_at", 'closesAt', "closes_at"),
  jsonb_build_object('opensAt', "opens_at", 'closesAt', "closes_at"),
  jsonb_build_object('opensAt', "opens_at", 'closesAt', "closes_at")
);--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "week" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "delivery_polygon" jsonb;--> statement-breakpoint
ALTER TABLE "store_hours_exceptions" ADD CONSTRAINT "store_hours_exceptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "opens_at";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "closes_at";