CREATE TABLE "import_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_site" integer NOT NULL,
	"user_id" integer NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"format" varchar(8) NOT NULL,
	"encoding" varchar(20),
	"delimiter" varchar(4),
	"header" jsonb NOT NULL,
	"num_rows" integer DEFAULT 0 NOT NULL,
	"preset" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"file_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"status" varchar(12),
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb,
	"aed_udid" uuid,
	"processed_at" timestamp with time zone,
	CONSTRAINT "import_rows_file_id_row_pk" PRIMARY KEY("file_id","row")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_site" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"file_id" uuid NOT NULL,
	"state" varchar(12) DEFAULT 'uploaded' NOT NULL,
	"field_map_config" jsonb,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"lease_owner" varchar(64),
	"lease_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_id_site_accounts_id_fk" FOREIGN KEY ("id_site") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_file_id_import_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."import_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_id_site_accounts_id_fk" FOREIGN KEY ("id_site") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_file_id_import_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."import_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_files_created_idx" ON "import_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_rows_status_idx" ON "import_rows" USING btree ("file_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_file_idx" ON "imports" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "imports_site_idx" ON "imports" USING btree ("id_site","created_at");--> statement-breakpoint
CREATE INDEX "imports_state_idx" ON "imports" USING btree ("state");