-- The AED search moves to a narrow table of its own (AED id, account, live flag, search text) with
-- the trigram index: a broad word's count reads ~5,000 pages there instead of ~14,000 pages of AED
-- rows (issue 4, docs/performance.md "AED register"). aeds.search_text stays, written by its row
-- trigger (0003); statement triggers copy it here.
CREATE TABLE "aed_search" (
	"aed_id" integer PRIMARY KEY NOT NULL,
	"id_site" integer NOT NULL,
	"live" boolean NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aed_search" ADD CONSTRAINT "aed_search_aed_id_aeds_id_fk" FOREIGN KEY ("aed_id") REFERENCES "public"."aeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One upsert per statement for the rows it wrote; rows whose copy is unchanged are not rewritten.
-- A hard delete cascades through the foreign key.
CREATE OR REPLACE FUNCTION aeds_search_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_search (aed_id, id_site, live, search_text)
  SELECT n.id, n.id_site, n.deleted_at IS NULL, coalesce(n.search_text, '') FROM new_rows n
  ON CONFLICT (aed_id) DO UPDATE SET id_site = excluded.id_site, live = excluded.live, search_text = excluded.search_text
   WHERE (aed_search.id_site, aed_search.live, aed_search.search_text) IS DISTINCT FROM (excluded.id_site, excluded.live, excluded.search_text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER aeds_search_insert AFTER INSERT ON aeds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_search_copy();--> statement-breakpoint
CREATE TRIGGER aeds_search_update AFTER UPDATE ON aeds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_search_copy();--> statement-breakpoint
INSERT INTO aed_search (aed_id, id_site, live, search_text)
SELECT id, id_site, deleted_at IS NULL, coalesce(search_text, '') FROM aeds;--> statement-breakpoint
CREATE INDEX "aed_search_text_idx" ON "aed_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "aeds_search_idx";--> statement-breakpoint
-- Statistics at once, so that the first searches after an upgrade are planned on them.
ANALYZE "aed_search";
