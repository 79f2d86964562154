CREATE TABLE "extra_captures" (
	"gateway" text NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_captures_gateway_gateway_payment_id_pk" PRIMARY KEY("gateway","gateway_payment_id"),
	CONSTRAINT "extra_captures_state" CHECK ("extra_captures"."state" in ('due', 'refunded')),
	CONSTRAINT "extra_captures_reason" CHECK ("extra_captures"."reason" in ('DUPLICATE', 'AMOUNT_MISMATCH')),
	CONSTRAINT "extra_captures_amount" CHECK ("extra_captures"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "open_attempts_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "extra_captures" ADD CONSTRAINT "extra_captures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extra_captures_order_idx" ON "extra_captures" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "extra_captures_due_idx" ON "extra_captures" USING btree ("updated_at","order_id") WHERE "extra_captures"."state" = 'due';--> statement-breakpoint
CREATE INDEX "payments_open_attempts_idx" ON "payments" USING btree ("open_attempts_until","order_id") WHERE "payments"."open_attempts_until" is not null;