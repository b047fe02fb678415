ALTER TABLE "aed_contacts" ADD COLUMN "siren" varchar(9);--> statement-breakpoint
-- An AED's readiness for GeoDAE reads its operator and site contacts: a contact change is announced
-- like the other changes of what a list shows (0032).
CREATE TRIGGER aed_contacts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON aed_contacts FOR EACH STATEMENT EXECUTE FUNCTION aeds_announce_change();
