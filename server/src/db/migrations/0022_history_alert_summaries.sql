ALTER TABLE "alerts" ADD COLUMN "nb_departures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "callback_mask" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The history's "set off only" filter and its call-back tags read two summaries kept on the alert
-- itself, so that the list and its count walk one covering index instead of probing every alert's
-- requests or call-backs (issue 6, docs/performance.md "History and dashboards").
-- nb_departures: requests whose accepted_at (their first "dispatched") is set. accepted_at is set
-- once and never cleared, so each request counts once, when it first has one.
CREATE OR REPLACE FUNCTION alerts_count_departure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts SET nb_departures = nb_departures + 1 WHERE id = NEW.alert_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- No column list on the update trigger: accepted_at is written by a BEFORE trigger, which an
-- "UPDATE OF accepted_at" trigger would not see.
CREATE TRIGGER alert_requests_count_departure_insert AFTER INSERT ON alert_requests
  FOR EACH ROW WHEN (NEW.accepted_at IS NOT NULL) EXECUTE FUNCTION alerts_count_departure();--> statement-breakpoint
CREATE TRIGGER alert_requests_count_departure_update AFTER UPDATE ON alert_requests
  FOR EACH ROW WHEN (OLD.accepted_at IS NULL AND NEW.accepted_at IS NOT NULL) EXECUTE FUNCTION alerts_count_departure();--> statement-breakpoint
-- callback_mask: the statuses of the alert's call-backs, one bit each in the order of
-- contract/charts/callback.chart.ts contactStatuses (a smallint keeps the covering index narrow),
-- recomputed once per statement for the alerts it touched (the call-back sync inserts thousands).
CREATE OR REPLACE FUNCTION callback_status_bit(status text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status WHEN 'alertInProgress' THEN 1 WHEN 'toDo' THEN 2 WHEN 'noAnswer' THEN 4 WHEN 'recall' THEN 8
    WHEN 'recallFragile' THEN 16 WHEN 'done' THEN 32 WHEN 'refusal' THEN 64 ELSE 0 END::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alerts_callback_mask() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts a SET callback_mask = coalesce((SELECT bit_or(callback_status_bit(c.status)) FROM callbacks c WHERE c.alert_id = a.id), 0)
   WHERE a.id IN (SELECT alert_id FROM changed_callbacks);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER callbacks_mask_insert AFTER INSERT ON callbacks REFERENCING NEW TABLE AS changed_callbacks
  FOR EACH STATEMENT EXECUTE FUNCTION alerts_callback_mask();--> statement-breakpoint
CREATE TRIGGER callbacks_mask_update AFTER UPDATE ON callbacks REFERENCING NEW TABLE AS changed_callbacks
  FOR EACH STATEMENT EXECUTE FUNCTION alerts_callback_mask();--> statement-breakpoint
CREATE TRIGGER callbacks_mask_delete AFTER DELETE ON callbacks REFERENCING OLD TABLE AS changed_callbacks
  FOR EACH STATEMENT EXECUTE FUNCTION alerts_callback_mask();--> statement-breakpoint
UPDATE alerts a SET nb_departures = d.n FROM (SELECT alert_id, count(*)::int AS n FROM alert_requests WHERE accepted_at IS NOT NULL GROUP BY alert_id) d
 WHERE a.id = d.alert_id;--> statement-breakpoint
UPDATE alerts a SET callback_mask = s.mask FROM (SELECT alert_id, bit_or(callback_status_bit(status)) AS mask FROM callbacks GROUP BY alert_id) s
 WHERE a.id = s.alert_id;--> statement-breakpoint
DROP INDEX IF EXISTS "history_alerts_created_cover_idx";--> statement-breakpoint
CREATE INDEX "history_alerts_created_cover_idx" ON "alerts" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("id_site", "alert_type", "test", "close", "closed_at", "nb_departures", "callback_mask") WHERE "launched_at" IS NOT NULL;
