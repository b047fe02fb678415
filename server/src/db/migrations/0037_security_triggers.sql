-- Rights outlive their removal no longer: a change of what a session token claims (group, account,
-- activation, forced password update) raises the user's token version, which ends every older
-- token; the version change is announced on vigil_users (0029), so every instance forgets the row.
CREATE OR REPLACE FUNCTION users_raise_token_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.token_version = OLD.token_version THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_rights_changed BEFORE UPDATE ON users FOR EACH ROW
  WHEN (OLD.id_group IS DISTINCT FROM NEW.id_group OR OLD.site_id IS DISTINCT FROM NEW.site_id
        OR OLD.active IS DISTINCT FROM NEW.active OR OLD.must_change_password IS DISTINCT FROM NEW.must_change_password)
  EXECUTE FUNCTION users_raise_token_version();--> statement-breakpoint

-- A third-party grant removed or moved: the sessions its user opened on that account end.
CREATE OR REPLACE FUNCTION user_accounts_grant_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET token_version = token_version + 1 WHERE id = OLD.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_accounts_removed AFTER DELETE OR UPDATE ON user_accounts FOR EACH ROW
  EXECUTE FUNCTION user_accounts_grant_removed();--> statement-breakpoint

-- An account configured (or back to being configured): its sessions carry the old state and end.
CREATE OR REPLACE FUNCTION accounts_configured_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET token_version = token_version + 1
   WHERE site_id = NEW.id OR id IN (SELECT user_id FROM user_accounts WHERE account_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER accounts_configured_changed AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (OLD.configured IS DISTINCT FROM NEW.configured)
  EXECUTE FUNCTION accounts_configured_changed();--> statement-breakpoint

-- A logout: every instance forgets the user's row, whose revoked tokens it then reads again.
CREATE OR REPLACE FUNCTION revoked_sessions_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigil_users', NEW.user_id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER revoked_sessions_added AFTER INSERT ON revoked_sessions FOR EACH ROW
  EXECUTE FUNCTION revoked_sessions_announce();
