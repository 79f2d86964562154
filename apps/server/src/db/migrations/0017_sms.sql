CREATE TABLE "sandbox_sms_modes" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"fail" text,
	"dlr" text DEFAULT 'DELIVERED' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_sms_modes_single_row" CHECK ("sandbox_sms_modes"."id" = 1),
	CONSTRAINT "sandbox_sms_modes_fail" CHECK ("sandbox_sms_modes"."fail" in ('error', 'timeout')),
	CONSTRAINT "sandbox_sms_modes_dlr" CHECK ("sandbox_sms_modes"."dlr" in ('DELIVERED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "sms_delivery_reports" (
	"message_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"cause" text,
	"err_code" text,
	"phone_last4" text,
	"delivered_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_sms" ADD COLUMN "message_id" text;