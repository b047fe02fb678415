-- Indexes the alert history and the call-back sync read alerts by (issue 6, docs/api-history.md).
-- The history's list and count walk launched alerts by creation date and filter them on columns
-- this index carries, so the count and the page's ids come from the index alone.
CREATE INDEX IF NOT EXISTS "history_alerts_created_cover_idx" ON "alerts" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("id_site", "alert_type", "test", "close", "closed_at") WHERE "launched_at" IS NOT NULL;--> statement-breakpoint
-- The call-back sync finds the alerts closed since its last pass.
CREATE INDEX IF NOT EXISTS "history_alerts_closed_idx" ON "alerts" USING btree ("closed_at") WHERE "close" = 1;
