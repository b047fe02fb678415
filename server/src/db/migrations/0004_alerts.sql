CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" varchar(32) NOT NULL,
	"actor_type" varchar(10) NOT NULL,
	"actor_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"responder_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'available' NOT NULL,
	"mission" varchar(8) DEFAULT 'victim' NOT NULL,
	"aed_id" integer,
	"aed_name" varchar(300),
	"aed_address" text,
	"aed_lat" double precision,
	"aed_lon" double precision,
	"distance" integer NOT NULL,
	"duration" integer NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"refusal_reason" varchar(20),
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_type" smallint DEFAULT 1 NOT NULL,
	"id_site" integer NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_info" text DEFAULT '' NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"country_code" varchar(2) DEFAULT 'FR' NOT NULL,
	"precision" varchar(16),
	"distance_max" real NOT NULL,
	"nb_requests" integer DEFAULT 0 NOT NULL,
	"nb_potential_bs" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"close" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launched_at" timestamp with time zone,
	"distance" real DEFAULT 0 NOT NULL,
	"nb_engaged" integer DEFAULT 0 NOT NULL,
	"nb_refused" integer DEFAULT 0 NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"debug_mode" smallint DEFAULT 0 NOT NULL,
	"contact_status" varchar(24) DEFAULT 'alertInProgress' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"auto_close_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"close_reason" varchar(8)
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"responder_id" integer NOT NULL,
	"alert_id" integer,
	"kind" varchar(24) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"provider" varchar(20),
	"provider_message_id" text,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "responder_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"responder_id" integer NOT NULL,
	"os" varchar(10) NOT NULL,
	"push_token" text,
	"build_version" varchar(40),
	"udid" varchar(200) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responder_positions" (
	"responder_id" integer PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"earth" "cube" NOT NULL,
	"accuracy" real,
	"available" boolean DEFAULT true NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responders" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_site" integer,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"age" smallint,
	"gender" varchar(20),
	"trained_status" varchar(24) DEFAULT 'untrained' NOT NULL,
	"skill" varchar(100),
	"skill_speciality" varchar(100),
	"carries_aed" boolean DEFAULT false NOT NULL,
	"account_status" varchar(12) DEFAULT 'waiting' NOT NULL,
	"interventions_count" integer DEFAULT 0 NOT NULL,
	"certificated" boolean DEFAULT false NOT NULL,
	"diploma_file" varchar(300),
	"language" varchar(10) DEFAULT 'fr' NOT NULL,
	"is_tester" boolean DEFAULT false NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_requests" ADD CONSTRAINT "alert_requests_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_requests" ADD CONSTRAINT "alert_requests_responder_id_responders_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."responders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_id_site_accounts_id_fk" FOREIGN KEY ("id_site") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_device_id_responder_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."responder_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_responder_id_responders_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."responders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responder_devices" ADD CONSTRAINT "responder_devices_responder_id_responders_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."responders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responder_positions" ADD CONSTRAINT "responder_positions_responder_id_responders_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."responders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responders" ADD CONSTRAINT "responders_id_site_accounts_id_fk" FOREIGN KEY ("id_site") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_requests_alert_responder_idx" ON "alert_requests" USING btree ("alert_id","responder_id");--> statement-breakpoint
CREATE INDEX "alert_requests_busy_idx" ON "alert_requests" USING btree ("responder_id") WHERE status IN ('dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim', 'waiting');--> statement-breakpoint
CREATE INDEX "alert_requests_responder_idx" ON "alert_requests" USING btree ("responder_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_site_open_idx" ON "alerts" USING btree ("id_site","close","status");--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "alerts_auto_close_idx" ON "alerts" USING btree ("auto_close_at") WHERE close = 0;--> statement-breakpoint
CREATE INDEX "push_outbox_pending_idx" ON "push_outbox" USING btree ("next_attempt_at","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "push_outbox_alert_idx" ON "push_outbox" USING btree ("alert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "responder_devices_token_idx" ON "responder_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "responder_devices_udid_idx" ON "responder_devices" USING btree ("responder_id","udid");--> statement-breakpoint
CREATE INDEX "responder_positions_earth_idx" ON "responder_positions" USING gist ("earth") WHERE available;--> statement-breakpoint
CREATE INDEX "responders_email_idx" ON "responders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "responders_site_idx" ON "responders" USING btree ("id_site");