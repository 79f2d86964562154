CREATE TABLE "password_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_failures_mobile_idx" ON "password_failures" USING btree ("mobile","at");