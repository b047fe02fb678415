CREATE TABLE "callback_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"callback_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"outcome" varchar(24) NOT NULL,
	"recall_at" timestamp with time zone,
	"minutes_after_close" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"responder_id" integer NOT NULL,
	"id_site" integer NOT NULL,
	"status" varchar(24) NOT NULL,
	"recall_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"first_call_at" timestamp with time zone,
	"last_call_at" timestamp with time zone,
	"last_call_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"callback_id" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"technical_issues" jsonb,
	"version" smallint DEFAULT 1 NOT NULL,
	"interviewer_id" integer,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "callback_calls" ADD CONSTRAINT "callback_calls_callback_id_callbacks_id_fk" FOREIGN KEY ("callback_id") REFERENCES "public"."callbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_calls" ADD CONSTRAINT "callback_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_request_id_alert_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."alert_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_responder_id_responders_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."responders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_id_site_accounts_id_fk" FOREIGN KEY ("id_site") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_last_call_by_users_id_fk" FOREIGN KEY ("last_call_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_callback_id_callbacks_id_fk" FOREIGN KEY ("callback_id") REFERENCES "public"."callbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_id_users_id_fk" FOREIGN KEY ("interviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_calls_callback_idx" ON "callback_calls" USING btree ("callback_id","at");--> statement-breakpoint
CREATE INDEX "callback_calls_user_idx" ON "callback_calls" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "callbacks_request_idx" ON "callbacks" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "callbacks_alert_idx" ON "callbacks" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "callbacks_site_status_idx" ON "callbacks" USING btree ("id_site","status");--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_callback_idx" ON "interviews" USING btree ("callback_id");--> statement-breakpoint
CREATE INDEX "interviews_interviewer_idx" ON "interviews" USING btree ("interviewer_id","completed_at");