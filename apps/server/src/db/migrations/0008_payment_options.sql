CREATE TABLE "store_payment_options" (
	"store_id" integer NOT NULL,
	"method_code" text NOT NULL,
	"provider_code" text NOT NULL,
	"provider_name" text NOT NULL,
	"status" text DEFAULT 'E' NOT NULL,
	"delivery_types" text[] NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "store_payment_options_store_id_method_code_pk" PRIMARY KEY("store_id","method_code"),
	CONSTRAINT "store_payment_options_status" CHECK ("store_payment_options"."status" in ('E', 'D'))
);
--> statement-breakpoint
ALTER TABLE "store_payment_options" ADD CONSTRAINT "store_payment_options_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;