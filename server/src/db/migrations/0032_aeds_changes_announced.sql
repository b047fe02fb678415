-- AED list answers are kept in memory (server/src/modules/aeds/list-pages.ts): every statement that
-- changes what a list shows is announced so that each instance forgets them. The cells and the
-- search copy are announced too, since a deferred catch-up changes them without touching the AEDs.
-- NOTIFY sends one announcement per transaction for the same payload, at commit.
CREATE OR REPLACE FUNCTION aeds_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigil_aeds', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER aeds_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON aeds FOR EACH STATEMENT EXECUTE FUNCTION aeds_announce_change();--> statement-breakpoint
CREATE TRIGGER aed_reports_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON aed_reports FOR EACH STATEMENT EXECUTE FUNCTION aeds_announce_change();--> statement-breakpoint
CREATE TRIGGER aed_map_cells_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON aed_map_cells FOR EACH STATEMENT EXECUTE FUNCTION aeds_announce_change();--> statement-breakpoint
CREATE TRIGGER aed_brand_cells_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON aed_brand_cells FOR EACH STATEMENT EXECUTE FUNCTION aeds_announce_change();--> statement-breakpoint
CREATE TRIGGER aed_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON aed_search FOR EACH STATEMENT EXECUTE FUNCTION aeds_announce_change();
