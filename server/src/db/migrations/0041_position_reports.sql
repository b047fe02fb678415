-- Position reports at national scale (docs/decisions.md "Position reports"): the responder API's
-- device tokens are kept in memory while their changes are announced, and a position report no
-- longer runs per-row trigger work: the announcement that a responder on an open alert moved is
-- decided once per statement, over the rows it wrote, so that a batch of reports costs one look-up.
CREATE OR REPLACE FUNCTION responder_devices_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigil_responder_devices', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER responder_devices_changed AFTER INSERT OR UPDATE OF token_hash, active, responder_id OR DELETE OR TRUNCATE ON responder_devices
  FOR EACH STATEMENT EXECUTE FUNCTION responder_devices_announce_change();--> statement-breakpoint
CREATE TRIGGER responders_standing_changed AFTER UPDATE OF account_status, is_bot OR DELETE OR TRUNCATE ON responders
  FOR EACH STATEMENT EXECUTE FUNCTION responder_devices_announce_change();--> statement-breakpoint
DROP TRIGGER responder_positions_changed ON responder_positions;--> statement-breakpoint
DROP FUNCTION responder_positions_announce_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION responder_positions_announce_moves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM moved m JOIN alert_requests q ON q.responder_id = m.responder_id AND q.alert_open) THEN
    PERFORM pg_notify('vigil_alerts', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A trigger with transition tables has one event: one each.
CREATE TRIGGER responder_positions_inserted AFTER INSERT ON responder_positions REFERENCING NEW TABLE AS moved
  FOR EACH STATEMENT EXECUTE FUNCTION responder_positions_announce_moves();--> statement-breakpoint
CREATE TRIGGER responder_positions_updated AFTER UPDATE ON responder_positions REFERENCING NEW TABLE AS moved
  FOR EACH STATEMENT EXECUTE FUNCTION responder_positions_announce_moves();--> statement-breakpoint
CREATE TRIGGER responder_positions_deleted AFTER DELETE ON responder_positions REFERENCING OLD TABLE AS moved
  FOR EACH STATEMENT EXECUTE FUNCTION responder_positions_announce_moves();
