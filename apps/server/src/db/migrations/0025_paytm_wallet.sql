CREATE TABLE "paytm_links" (
	"owner" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paytm_otp_requests" (
	"state" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"mobile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paytm_accounts" (
	"mobile" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"balance_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_paytm_accounts_balance" CHECK ("sandbox_paytm_accounts"."balance_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_paytm_add_money" (
	"id" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"order_ref" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_paytm_add_money_status" CHECK ("sandbox_paytm_add_money"."status" in ('OPEN', 'SUCCESS', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_paytm_modes" (
	"id" integer PRIMARY KEY NOT NULL,
	"refuse_withdraw" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paytm_otps" (
	"state" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paytm_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paytm_txns" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mobile" text NOT NULL,
	"ref" text NOT NULL,
	"txn_id" text,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_paytm_txns_kind" CHECK ("sandbox_paytm_txns"."kind" in ('withdraw', 'refund', 'add')),
	CONSTRAINT "sandbox_paytm_txns_status" CHECK ("sandbox_paytm_txns"."status" in ('SUCCESS', 'FAILED')),
	CONSTRAINT "sandbox_paytm_txns_refund" CHECK ("sandbox_paytm_txns"."refunded_paise" >= 0 and "sandbox_paytm_txns"."refunded_paise" <= "sandbox_paytm_txns"."amount_paise")
);
--> statement-breakpoint
ALTER TABLE "paytm_otp_requests" ADD CONSTRAINT "paytm_otp_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paytm_otp_requests_order_idx" ON "paytm_otp_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_paytm_add_money_order_idx" ON "sandbox_paytm_add_money" USING btree ("order_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paytm_txns_ref_uq" ON "sandbox_paytm_txns" USING btree ("kind","ref");