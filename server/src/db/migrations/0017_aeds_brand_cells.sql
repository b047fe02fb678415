CREATE TABLE "aed_brand_cells" (
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"id_site" integer NOT NULL,
	"brand" varchar(100) NOT NULL,
	"count" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lon_sum" double precision NOT NULL,
	"id_sum" bigint NOT NULL,
	CONSTRAINT "aed_brand_cells_brand_level_cx_cy_id_site_pk" PRIMARY KEY("brand","level","cx","cy","id_site")
);
