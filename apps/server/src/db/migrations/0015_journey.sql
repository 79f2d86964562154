CREATE TABLE "store_stations" (
	"store_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "store_stations_store_id_station_id_pk" PRIMARY KEY("store_id","station_id"),
	CONSTRAINT "store_stations_station_id" CHECK ("store_stations"."station_id" > 0)
);
--> statement-breakpoint
ALTER TABLE "store_stations" ADD CONSTRAINT "store_stations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;