CREATE TABLE "limit_slots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_slots_key_taken_idx" ON "limit_slots" USING btree ("key","taken_at");