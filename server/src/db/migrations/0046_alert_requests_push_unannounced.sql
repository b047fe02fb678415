-- Writing a launch's push messages clears alert_push_pending, which no screen shows: announcing it
-- made every instance forget its kept live list after each launch. An update announces only when
-- it sets a column that is shown (the test alert-views names them against the table's columns).
DROP TRIGGER alert_requests_changed ON alert_requests;--> statement-breakpoint
CREATE TRIGGER alert_requests_changed AFTER INSERT OR DELETE OR TRUNCATE ON alert_requests FOR EACH STATEMENT EXECUTE FUNCTION alerts_announce_change();--> statement-breakpoint
CREATE TRIGGER alert_requests_updated AFTER UPDATE OF id, alert_id, responder_id, status, mission, aed_id, aed_name, aed_address, aed_lat, aed_lon, distance, duration, rank, refusal_reason, alert_open, status_history, accepted_at, created_at, updated_at
  ON alert_requests FOR EACH STATEMENT EXECUTE FUNCTION alerts_announce_change();
