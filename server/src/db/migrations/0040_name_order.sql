-- Names sort as a reader expects them: "Élodie" with E, "école" before "Zoé", whatever the case.
-- The database's own collation is C on PGlite and often C.UTF-8 on PostgreSQL (byte order: every
-- accented capital after z). ICU's root collation is built into PGlite and into PostgreSQL's
-- packages, so one named collation gives both engines the same order (docs/decisions.md).
CREATE COLLATION IF NOT EXISTS name_order (provider = icu, locale = 'und');--> statement-breakpoint
-- The AED list reads its name and city orders from these indexes: they follow the new order.
DROP INDEX IF EXISTS "aeds_name_idx";--> statement-breakpoint
CREATE INDEX "aeds_name_idx" ON "aeds" USING btree ("name" COLLATE name_order, "id");--> statement-breakpoint
DROP INDEX IF EXISTS "aeds_city_idx";--> statement-breakpoint
CREATE INDEX "aeds_city_idx" ON "aeds" USING btree ("city" COLLATE name_order, "id");
