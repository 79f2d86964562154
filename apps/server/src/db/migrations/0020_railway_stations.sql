CREATE TABLE "railway_stations" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city_id" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_outlets" (
	"store_id" integer NOT NULL,
	"station_code" text NOT NULL,
	"cutoff_minutes" integer NOT NULL,
	"prepaid_only" boolean DEFAULT true NOT NULL,
	CONSTRAINT "station_outlets_store_id_station_code_pk" PRIMARY KEY("store_id","station_code"),
	CONSTRAINT "station_outlets_cutoff" CHECK ("station_outlets"."cutoff_minutes" between 15 and 105)
);
--> statement-breakpoint
ALTER TABLE "railway_stations" ADD CONSTRAINT "railway_stations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_outlets" ADD CONSTRAINT "station_outlets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_outlets" ADD CONSTRAINT "station_outlets_station_code_railway_stations_code_fk" FOREIGN KEY ("station_code") REFERENCES "public"."railway_stations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "station_outlets_station_idx" ON "station_outlets" USING btree ("station_code");