CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"form" text NOT NULL,
	"variant" text DEFAULT 'STANDARD' NOT NULL,
	"order_mode" text DEFAULT 'ONLINE' NOT NULL,
	"overall" smallint NOT NULL,
	"nps" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text NOT NULL,
	"ticket_opened_at" timestamp with time zone,
	"reply" text,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_state" CHECK ("feedback"."state" in ('SUBMITTED', 'TICKET_OPEN', 'CLOSED')),
	CONSTRAINT "feedback_form" CHECK ("feedback"."form" in ('SIMPLE', 'IN_HOUSE')),
	CONSTRAINT "feedback_variant" CHECK ("feedback"."variant" in ('STANDARD', 'FTR')),
	CONSTRAINT "feedback_order_mode" CHECK ("feedback"."order_mode" in ('ONLINE', 'OFFLINE')),
	CONSTRAINT "feedback_overall" CHECK ("feedback"."overall" between 1 and 5),
	CONSTRAINT "feedback_nps" CHECK ("feedback"."nps" is null or "feedback"."nps" between 0 and 10),
	CONSTRAINT "feedback_closed" CHECK ("feedback"."state" <> 'CLOSED' or ("feedback"."reply" is not null and "feedback"."closed_by" is not null and "feedback"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_order_uq" ON "feedback" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "feedback_store_created_idx" ON "feedback" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_customer_created_idx" ON "feedback" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_store_tickets_idx" ON "feedback" USING btree ("store_id","state","ticket_opened_at") WHERE "feedback"."ticket_opened_at" is not null;