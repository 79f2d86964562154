CREATE TABLE "info_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" text PRIMARY KEY NOT NULL,
	"placement" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"delivery_types" text[] NOT NULL,
	"lang" text,
	"platform" text,
	"page" text,
	"site" text,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widgets_placement" CHECK ("widgets"."placement" in ('LANDING', 'ALERT', 'CART')),
	CONSTRAINT "widgets_schedule" CHECK ("widgets"."starts_at" is null or "widgets"."ends_at" is null or "widgets"."ends_at" > "widgets"."starts_at"),
	CONSTRAINT "widgets_delivery_types" CHECK (cardinality("widgets"."delivery_types") > 0)
);
--> statement-breakpoint
CREATE INDEX "widgets_placement_idx" ON "widgets" USING btree ("placement","position");