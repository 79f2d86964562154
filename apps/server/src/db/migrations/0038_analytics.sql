CREATE TABLE "analytics_device_facts" (
	"client_id" text NOT NULL,
	"day" date NOT NULL,
	"facts" jsonb NOT NULL,
	"automated" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_device_facts_day_client_id_pk" PRIMARY KEY("day","client_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"client_id" text NOT NULL,
	"logged_in" boolean NOT NULL,
	"ab_test" jsonb NOT NULL,
	"page_name" text NOT NULL,
	"referrer" text NOT NULL,
	"action" text NOT NULL,
	"action_type" text NOT NULL,
	"step_rank" smallint,
	"properties" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_device_facts_received_idx" ON "analytics_device_facts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_day_client_idx" ON "analytics_events" USING btree ("day","client_id");--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");