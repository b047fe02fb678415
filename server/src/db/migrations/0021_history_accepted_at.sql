-- When each request first accepted (its first "dispatched"), kept beside status_history so the
-- history's departures and the referent statistics read a column and an index instead of
-- unpacking every request's status history (issue 6, docs/performance.md).
ALTER TABLE "alert_requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION alert_requests_accepted_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.accepted_at := (SELECT min((e->>'at')::timestamptz) FROM jsonb_array_elements(NEW.status_history) e WHERE e->>'status' = 'dispatched');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER alert_requests_accepted_at BEFORE INSERT OR UPDATE OF status_history ON alert_requests
  FOR EACH ROW EXECUTE FUNCTION alert_requests_accepted_at();--> statement-breakpoint
UPDATE "alert_requests" q SET "accepted_at" = (SELECT min((e->>'at')::timestamptz) FROM jsonb_array_elements(q.status_history) e WHERE e->>'status' = 'dispatched')
  WHERE q.status_history @> '[{"status":"dispatched"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "alert_requests_accepted_idx" ON "alert_requests" USING btree ("alert_id","accepted_at","responder_id") WHERE accepted_at IS NOT NULL;
