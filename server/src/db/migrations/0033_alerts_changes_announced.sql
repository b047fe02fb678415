-- The live alert list and the responders on call are kept in memory (server/src/modules/alerts/views.ts),
-- and so are account subtrees (server/src/modules/accounts/subtrees.ts): every change to what they
-- show is announced so that each instance forgets them. NOTIFY sends one announcement per
-- transaction for the same payload, at commit, before the REFRESH_ALERTS that follows the change.
CREATE OR REPLACE FUNCTION alerts_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigil_alerts', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER alerts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alerts FOR EACH STATEMENT EXECUTE FUNCTION alerts_announce_change();--> statement-breakpoint
CREATE TRIGGER alert_requests_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alert_requests FOR EACH STATEMENT EXECUTE FUNCTION alerts_announce_change();--> statement-breakpoint
CREATE TRIGGER responders_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON responders FOR EACH STATEMENT EXECUTE FUNCTION alerts_announce_change();--> statement-breakpoint
-- The closer's name shows in the alert list.
CREATE TRIGGER users_name_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION alerts_announce_change();--> statement-breakpoint
-- Every responder's app reports its position: only a responder on an open alert's card changes what is shown.
CREATE OR REPLACE FUNCTION responder_positions_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM alert_requests WHERE responder_id = (CASE TG_OP WHEN 'DELETE' THEN OLD.responder_id ELSE NEW.responder_id END) AND alert_open) THEN
    PERFORM pg_notify('vigil_alerts', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER responder_positions_changed AFTER INSERT OR UPDATE OR DELETE ON responder_positions FOR EACH ROW EXECUTE FUNCTION responder_positions_announce_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION accounts_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigil_accounts', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION accounts_announce_change();
