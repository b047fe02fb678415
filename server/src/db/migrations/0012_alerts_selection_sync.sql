-- Keeps responder_positions.activated, is_bot and is_tester equal to the responder's, whoever writes
-- the position or changes the responder (validation, tester management), so that the radius search
-- of alert set-up and launch filters on the position row alone.
CREATE OR REPLACE FUNCTION responder_positions_flags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.account_status = 'activated', r.is_bot, r.is_tester INTO NEW.activated, NEW.is_bot, NEW.is_tester
    FROM responders r WHERE r.id = NEW.responder_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER responder_positions_flags BEFORE INSERT ON responder_positions
  FOR EACH ROW EXECUTE FUNCTION responder_positions_flags();--> statement-breakpoint
CREATE OR REPLACE FUNCTION responders_position_flags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE responder_positions SET activated = NEW.account_status = 'activated', is_bot = NEW.is_bot, is_tester = NEW.is_tester
   WHERE responder_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER responders_position_flags AFTER UPDATE OF account_status, is_bot, is_tester ON responders
  FOR EACH ROW WHEN (OLD.account_status IS DISTINCT FROM NEW.account_status OR OLD.is_bot IS DISTINCT FROM NEW.is_bot OR OLD.is_tester IS DISTINCT FROM NEW.is_tester)
  EXECUTE FUNCTION responders_position_flags();--> statement-breakpoint
UPDATE responder_positions p SET activated = r.account_status = 'activated', is_bot = r.is_bot, is_tester = r.is_tester
  FROM responders r WHERE r.id = p.responder_id;
