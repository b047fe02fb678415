-- The launch answers once the live alert and its requests are committed; the push messages, one
-- outbox row per device in the responder's language, are written from those requests by the push
-- delivery right after (docs/decisions.md "Launch: push messages written from the requests").
ALTER TABLE "alert_requests" ADD COLUMN "alert_push_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "alert_requests_push_pending_idx" ON "alert_requests" USING btree ("id") WHERE alert_push_pending;
