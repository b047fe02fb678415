CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" varchar(40) NOT NULL,
	"language" varchar(2) NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_site" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"os_device" varchar(8) NOT NULL,
	"sending_type" varchar(8) NOT NULL,
	"udid" varchar(200),
	"engagement_level" varchar(12) DEFAULT 'all' NOT NULL,
	"account_status" varchar(12) DEFAULT 'activated' NOT NULL,
	"phone_prefix" varchar(5),
	"filter" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fake_batch" integer NOT NULL,
	"message_type" varchar(16) NOT NULL,
	"language" varchar(2) NOT NULL,
	"message" text NOT NULL,
	"url" text,
	"build_version" varchar(9),
	"distribution" varchar(10) NOT NULL,
	"programmed_at" timestamp with time zone,
	"status" varchar(12) NOT NULL,
	"job_id" text,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"progress_generation" integer DEFAULT 0 NOT NULL,
	"progress_at" timestamp with time zone,
	"duplicated_from" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "testers" (
	"id" serial PRIMARY KEY NOT NULL,
	"responder_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"udid" varchar(200) NOT NULL,
	"name" varchar(201) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"zipcode" varchar(10),
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_id_site_accounts_id_fk" FOREIGN KEY ("id_site") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testers" ADD CONSTRAINT "testers_responder_id_responders_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."responders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testers" ADD CONSTRAINT "testers_device_id_responder_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."responder_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testers" ADD CONSTRAINT "testers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_tag_language_version_idx" ON "news" USING btree ("tag","language","version");--> statement-breakpoint
CREATE INDEX "notifications_site_idx" ON "notifications" USING btree ("id_site","created_at");--> statement-breakpoint
CREATE INDEX "notifications_status_idx" ON "notifications" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "testers_device_idx" ON "testers" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "testers_responder_idx" ON "testers" USING btree ("responder_id");