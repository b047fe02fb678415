DROP INDEX "alert_requests_busy_idx";--> statement-breakpoint
ALTER TABLE "alert_requests" ADD COLUMN "alert_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "alert_requests_busy_idx" ON "alert_requests" USING btree ("responder_id") WHERE alert_open AND status IN ('dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim', 'waiting');