-- House-number geocoding: streets of the imported BAN/BAL files (trigram-searched) and their numbers.
CREATE TABLE "address_points" (
	"street_id" integer NOT NULL,
	"number" integer NOT NULL,
	"suffix" varchar(16) DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"cell" integer NOT NULL,
	CONSTRAINT "address_points_street_id_number_suffix_pk" PRIMARY KEY("street_id","number","suffix")
);
--> statement-breakpoint
CREATE TABLE "address_streets" (
	"id" serial PRIMARY KEY NOT NULL,
	"insee" varchar(5) NOT NULL,
	"postcode" varchar(5) DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"search_key" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_points" ADD CONSTRAINT "address_points_street_id_address_streets_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."address_streets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_points_cell_idx" ON "address_points" USING btree ("cell");--> statement-breakpoint
CREATE UNIQUE INDEX "address_streets_place_idx" ON "address_streets" USING btree ("insee","name_key");--> statement-breakpoint
CREATE INDEX "address_streets_search_idx" ON "address_streets" USING gin ("search_key" gin_trgm_ops);