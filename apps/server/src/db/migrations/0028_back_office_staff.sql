CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" text NOT NULL,
	"staff_name" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"store_id" integer,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "staff_cities" (
	"staff_id" text NOT NULL,
	"city_id" text NOT NULL,
	CONSTRAINT "staff_cities_staff_id_city_id_pk" PRIMARY KEY("staff_id","city_id")
);
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role";--> statement-breakpoint
-- a store login had the queue, stock, online switch and ratings: a store manager keeps them all
UPDATE "staff" SET "role" = 'MANAGER' WHERE "role" = 'STORE';--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "sessions_from" timestamp with time zone DEFAULT '1970-01-01T00:00:00.000Z' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_cities" ADD CONSTRAINT "staff_cities_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_cities" ADD CONSTRAINT "staff_cities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_store_idx" ON "audit_events" USING btree ("store_id","at");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role" CHECK (("staff"."role" in ('MANAGER', 'STAFF') and "staff"."store_id" is not null) or ("staff"."role" in ('ADMIN', 'REGIONAL') and "staff"."store_id" is null));