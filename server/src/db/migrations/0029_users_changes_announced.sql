-- Session checks keep user rows in memory (server/src/plugins/identities.ts): every change to what
-- they read, and every deletion, is announced so that each instance forgets the row.
CREATE OR REPLACE FUNCTION users_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigil_users', OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_standing_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_announce_change();--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_announce_change();
