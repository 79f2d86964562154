CREATE TABLE "experiments" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"buckets" jsonb NOT NULL,
	"variants" jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"stops_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
