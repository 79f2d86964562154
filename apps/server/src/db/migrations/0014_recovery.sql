ALTER TABLE "idempotency_keys" ADD COLUMN "holder" text;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" DROP DEFAULT;
--> statement-breakpoint
DROP SEQUENCE IF EXISTS "orders_number_seq";
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");
