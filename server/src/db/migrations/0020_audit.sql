CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_email" varchar(254),
	"id_group" integer,
	"site_id" integer,
	"action" varchar(60) NOT NULL,
	"target" varchar(120),
	"method" varchar(8) NOT NULL,
	"url" text NOT NULL,
	"status" smallint NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "audit_log_site_at_idx" ON "audit_log" USING btree ("site_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_user_at_idx" ON "audit_log" USING btree ("user_id","at");