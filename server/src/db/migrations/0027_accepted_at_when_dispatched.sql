-- The accepted_at trigger runs only for a status history that holds a "dispatched": a launch inserts
-- 200 requests that have none, and each call of the PL/pgSQL function cost 15 µs on PGlite. The
-- history only grows, so a row without one keeps its null, and a row with one its first time.
DROP TRIGGER alert_requests_accepted_at ON alert_requests;--> statement-breakpoint
CREATE TRIGGER alert_requests_accepted_at BEFORE INSERT OR UPDATE OF status_history ON alert_requests
  FOR EACH ROW WHEN (NEW.status_history @> '[{"status":"dispatched"}]'::jsonb)
  EXECUTE FUNCTION alert_requests_accepted_at();
