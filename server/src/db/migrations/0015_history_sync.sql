CREATE TABLE "history_sync" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"synced_until" timestamp with time zone,
	"last_alert_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "callbacks_site_status_idx";--> statement-breakpoint
CREATE INDEX "callbacks_site_status_idx" ON "callbacks" USING btree ("id_site","status","alert_id");