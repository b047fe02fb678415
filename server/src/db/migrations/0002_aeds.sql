CREATE TABLE "aed_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"aed_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"function" varchar(120) NOT NULL,
	"phone_code" varchar(6),
	"phone" varchar(20),
	"email" varchar(254),
	"contact_type" varchar(30) NOT NULL,
	"default_language" varchar(10),
	"timezone" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aed_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"aed_id" integer NOT NULL,
	"type" varchar(20) DEFAULT 'picture' NOT NULL,
	"filename" varchar(120) NOT NULL,
	"original_name" varchar(255),
	"mime" varchar(60) NOT NULL,
	"size" integer NOT NULL,
	"rotation" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aed_map_cells" (
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"id_site" integer NOT NULL,
	"count" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lon_sum" double precision NOT NULL,
	"id_sum" bigint NOT NULL,
	CONSTRAINT "aed_map_cells_level_cx_cy_id_site_pk" PRIMARY KEY("level","cx","cy","id_site")
);
--> statement-breakpoint
CREATE TABLE "aed_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"aed_id" integer NOT NULL,
	"problem_type" smallint NOT NULL,
	"description" text,
	"reporter_email" varchar(254),
	"city" varchar(120),
	"status" varchar(20) DEFAULT 'onGoing' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"mail_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"udid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"id_aed" varchar(100),
	"id_site" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"address" varchar(255),
	"address2" varchar(255),
	"building" varchar(120),
	"floor" varchar(40),
	"zip_code" varchar(20),
	"city" varchar(120),
	"state" varchar(120),
	"country" varchar(2) DEFAULT 'FR' NOT NULL,
	"description" text,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"altitude" double precision,
	"position" smallint,
	"accessibility" smallint,
	"always_opened" boolean DEFAULT false NOT NULL,
	"opening_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"itinerant" boolean DEFAULT false NOT NULL,
	"brand" varchar(100),
	"model" varchar(100),
	"software_version" varchar(60),
	"serial_number" varchar(100),
	"install_date" date,
	"private_comment" text,
	"inspected_by" varchar(200),
	"last_inspection" date,
	"pads_lot" varchar(100),
	"pads_expiration" date,
	"child_pads_lot" varchar(100),
	"child_pads_expiration" date,
	"has_child_pads" boolean DEFAULT false NOT NULL,
	"battery_lot" varchar(100),
	"battery_expiration" date,
	"pads_pack_lot" varchar(100),
	"pads_pack_expiration" date,
	"maintenance_alert_type" varchar(30),
	"maintenance_period" integer,
	"maintenance_last_date" date,
	"cabinet_id" varchar(100),
	"source_info" text,
	"external_source_id" varchar(100),
	"source" varchar(30) DEFAULT 'manual' NOT NULL,
	"status" varchar(20) DEFAULT 'available' NOT NULL,
	"unavailable_reason" varchar(30),
	"unavailable_until" timestamp with time zone,
	"unavailable_job_id" varchar(64),
	"status_before_delete" varchar(20),
	"validated" boolean DEFAULT false NOT NULL,
	"last_confirmation_date" timestamp with time zone,
	"certified" boolean DEFAULT false NOT NULL,
	"last_certification_date" date,
	"id_geocoeur" varchar(100),
	"linked_geodae" varchar(255),
	"is_linked" boolean DEFAULT false NOT NULL,
	"linked_aed_id" integer,
	"merged_into_id" integer,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "aed_contacts" ADD CONSTRAINT "aed_contacts_aed_id_aeds_id_fk" FOREIGN KEY ("aed_id") REFERENCES "public"."aeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aed_files" ADD CONSTRAINT "aed_files_aed_id_aeds_id_fk" FOREIGN KEY ("aed_id") REFERENCES "public"."aeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aed_reports" ADD CONSTRAINT "aed_reports_aed_id_aeds_id_fk" FOREIGN KEY ("aed_id") REFERENCES "public"."aeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aeds" ADD CONSTRAINT "aeds_id_site_accounts_id_fk" FOREIGN KEY ("id_site") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aed_contacts_aed_idx" ON "aed_contacts" USING btree ("aed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aed_files_filename_idx" ON "aed_files" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "aed_files_aed_idx" ON "aed_files" USING btree ("aed_id");--> statement-breakpoint
CREATE INDEX "aed_map_cells_site_idx" ON "aed_map_cells" USING btree ("id_site","level");--> statement-breakpoint
CREATE INDEX "aed_reports_aed_idx" ON "aed_reports" USING btree ("aed_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "aeds_udid_idx" ON "aeds" USING btree ("udid");--> statement-breakpoint
CREATE INDEX "aeds_site_idx" ON "aeds" USING btree ("id_site");--> statement-breakpoint
CREATE INDEX "aeds_created_idx" ON "aeds" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "aeds_name_idx" ON "aeds" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "aeds_city_idx" ON "aeds" USING btree ("city","id");--> statement-breakpoint
CREATE INDEX "aeds_lat_lon_idx" ON "aeds" USING btree ("lat","lon");--> statement-breakpoint
CREATE INDEX "aeds_earth_idx" ON "aeds" USING gist (ll_to_earth("lat", "lon"));--> statement-breakpoint
CREATE INDEX "aeds_search_idx" ON "aeds" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "aeds_geocoeur_idx" ON "aeds" USING btree ("id_geocoeur");--> statement-breakpoint
CREATE INDEX "aeds_external_idx" ON "aeds" USING btree ("external_source_id");--> statement-breakpoint
CREATE INDEX "aeds_serial_idx" ON "aeds" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "aeds_unavailable_until_idx" ON "aeds" USING btree ("unavailable_until");