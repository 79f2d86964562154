CREATE TABLE "loyalty_members" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"eligibility" text DEFAULT 'ELIGIBLE' NOT NULL,
	"card_code" text NOT NULL,
	"enrolled_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_members_status" CHECK ("loyalty_members"."status" in ('NEW', 'STARTED', 'ENROLLED', 'ENROLLING', 'OPT_OUT', 'WAITING')),
	CONSTRAINT "loyalty_members_eligibility" CHECK ("loyalty_members"."eligibility" in ('ELIGIBLE', 'UNKNOWN'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"points" integer NOT NULL,
	"earn_day" timestamp with time zone,
	"credit_due_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_points_kind" CHECK ("loyalty_points"."kind" in ('earn_pending', 'earn_credited', 'earn_voided', 'redeem', 'redeem_restored', 'clawback')),
	CONSTRAINT "loyalty_points_positive" CHECK ("loyalty_points"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points" ADD CONSTRAINT "loyalty_points_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_points_customer_kind_ref_uq" ON "loyalty_points" USING btree ("customer_id","kind","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_points_earn_day_uq" ON "loyalty_points" USING btree ("customer_id","earn_day") WHERE "loyalty_points"."kind" = 'earn_pending';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_points_earning_settled_uq" ON "loyalty_points" USING btree ("customer_id","ref") WHERE "loyalty_points"."kind" in ('earn_credited', 'earn_voided');--> statement-breakpoint
CREATE INDEX "loyalty_points_customer_idx" ON "loyalty_points" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "loyalty_points_credit_due_idx" ON "loyalty_points" USING btree ("credit_due_at") WHERE "loyalty_points"."kind" = 'earn_pending' and "loyalty_points"."credit_due_at" is not null;--> statement-breakpoint
CREATE INDEX "wallet_entries_customer_id_idx" ON "wallet_entries" USING btree ("customer_id","id");