CREATE TABLE "import_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_site" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"signature" text NOT NULL,
	"columns" jsonb NOT NULL,
	"field_map_config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aeds" ADD COLUMN "position_to_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_files" ADD COLUMN "proposals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_files" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "options" jsonb DEFAULT '{"hoursDefault":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_id_site_accounts_id_fk" FOREIGN KEY ("id_site") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_presets_name_idx" ON "import_presets" USING btree ("id_site","name");--> statement-breakpoint
CREATE INDEX "import_presets_signature_idx" ON "import_presets" USING btree ("id_site","signature");