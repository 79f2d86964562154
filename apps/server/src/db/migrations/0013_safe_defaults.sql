DROP TABLE "password_failures";
--> statement-breakpoint
DROP INDEX "otp_mobile_created_idx";
--> statement-breakpoint
DROP INDEX "otp_ip_created_idx";
--> statement-breakpoint
ALTER TABLE "otp_challenges" DROP COLUMN "ip";
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
