CREATE TABLE "sandbox_rail_delays" (
	"id" serial PRIMARY KEY NOT NULL,
	"train_no" text NOT NULL,
	"minutes" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_rail_modes" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"fail" text,
	"slow_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_rail_modes_single_row" CHECK ("sandbox_rail_modes"."id" = 1),
	CONSTRAINT "sandbox_rail_modes_fail" CHECK ("sandbox_rail_modes"."fail" in ('error', 'garbled')),
	CONSTRAINT "sandbox_rail_modes_slow" CHECK ("sandbox_rail_modes"."slow_seconds" between 0 and 120)
);
--> statement-breakpoint
CREATE TABLE "sandbox_rail_pnrs" (
	"pnr" text PRIMARY KEY NOT NULL,
	"anchored_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_rail_delays_train_idx" ON "sandbox_rail_delays" USING btree ("train_no","id");