-- A bulk load defers what the register derives from new AEDs (map cells, per-brand cells, search
-- copy): half of an insert's cost (issue 5, docs/performance.md "AED import"). A transaction that
-- sets `vigil.aed_upkeep = 'deferred'` (SET LOCAL) only records the AEDs it inserts in aed_upkeep;
-- aeds_catch_up() later counts them from their current rows, in larger statements and, on
-- PostgreSQL, on another connection while the load goes on. An AED still in aed_upkeep is counted
-- nowhere, so the update and delete triggers leave it out: a change before its catch-up is not
-- counted twice. The record commits with the AEDs, so a crash loses no catch-up.
CREATE TABLE "aed_upkeep" (
	"aed_id" integer PRIMARY KEY NOT NULL
);--> statement-breakpoint

CREATE OR REPLACE FUNCTION aed_upkeep_deferred() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('vigil.aed_upkeep', true), '') = 'deferred' $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION aeds_upkeep_defer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF aed_upkeep_deferred() THEN
    INSERT INTO aed_upkeep (aed_id) SELECT n.id FROM new_rows n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER aeds_upkeep_defer AFTER INSERT ON aeds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_upkeep_defer();--> statement-breakpoint

-- Inserts: nothing to do when deferred.
CREATE OR REPLACE FUNCTION aeds_map_cells_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF aed_upkeep_deferred() THEN RETURN NULL; END IF;
  INSERT INTO aed_map_cells AS c (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l), n.id_site, count(*), sum(n.lat), sum(n.lon), sum(n.id)
    FROM new_rows n CROSS JOIN generate_series(3, 13) AS l
   WHERE n.deleted_at IS NULL
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aeds_brand_cells_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF aed_upkeep_deferred() THEN RETURN NULL; END IF;
  INSERT INTO aed_brand_cells AS c (brand, level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT n.brand, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l), n.id_site, count(*), sum(n.lat), sum(n.lon), sum(n.id)
    FROM new_rows n CROSS JOIN generate_series(3, 10) AS l
   WHERE n.deleted_at IS NULL AND n.brand IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Search copy (inserts and updates): AEDs awaiting their catch-up are left to it.
CREATE OR REPLACE FUNCTION aeds_search_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND aed_upkeep_deferred() THEN RETURN NULL; END IF;
  INSERT INTO aed_search (aed_id, id_site, live, search_text)
  SELECT n.id, n.id_site, n.deleted_at IS NULL, coalesce(n.search_text, '') FROM new_rows n
   WHERE NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = n.id)
  ON CONFLICT (aed_id) DO UPDATE SET id_site = excluded.id_site, live = excluded.live, search_text = excluded.search_text
   WHERE (aed_search.id_site, aed_search.live, aed_search.search_text) IS DISTINCT FROM (excluded.id_site, excluded.live, excluded.search_text);
  RETURN NULL;
END $$;--> statement-breakpoint

-- Deletes and updates: the same as 0003 and 0018, without the AEDs awaiting their catch-up.
CREATE OR REPLACE FUNCTION aeds_map_cells_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_map_cells AS c (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT l, aed_cell_x(o.lon, l), aed_cell_y(o.lat, l), o.id_site, -count(*), -sum(o.lat), -sum(o.lon), -sum(o.id)
    FROM old_rows o CROSS JOIN generate_series(3, 13) AS l
   WHERE o.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = o.id)
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aeds_brand_cells_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_brand_cells AS c (brand, level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT o.brand, l, aed_cell_x(o.lon, l), aed_cell_y(o.lat, l), o.id_site, -count(*), -sum(o.lat), -sum(o.lon), -sum(o.id)
    FROM old_rows o CROSS JOIN generate_series(3, 10) AS l
   WHERE o.deleted_at IS NULL AND o.brand IS NOT NULL AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = o.id)
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aeds_map_cells_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_map_cells AS c (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT l, cx, cy, id_site, sum(k), sum(k * lat), sum(k * lon), sum(k * id)
    FROM (
      SELECT -1 AS k, o.id, o.lat, o.lon, o.id_site, l, aed_cell_x(o.lon, l) AS cx, aed_cell_y(o.lat, l) AS cy
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, 13) AS l
       WHERE o.deleted_at IS NULL
         AND (n.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site)
         AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = o.id)
      UNION ALL
      SELECT 1, n.id, n.lat, n.lon, n.id_site, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l)
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, 13) AS l
       WHERE n.deleted_at IS NULL
         AND (o.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site)
         AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = n.id)
    ) AS d
   GROUP BY l, cx, cy, id_site
  ON CONFLICT (level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aeds_brand_cells_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_brand_cells AS c (brand, level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT brand, l, cx, cy, id_site, sum(k), sum(k * lat), sum(k * lon), sum(k * id)
    FROM (
      SELECT -1 AS k, o.id, o.lat, o.lon, o.id_site, o.brand, l, aed_cell_x(o.lon, l) AS cx, aed_cell_y(o.lat, l) AS cy
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, 10) AS l
       WHERE o.deleted_at IS NULL AND o.brand IS NOT NULL
         AND (n.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site OR n.brand IS DISTINCT FROM o.brand)
         AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = o.id)
      UNION ALL
      SELECT 1, n.id, n.lat, n.lon, n.id_site, n.brand, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l)
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, 10) AS l
       WHERE n.deleted_at IS NULL AND n.brand IS NOT NULL
         AND (o.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site OR n.brand IS DISTINCT FROM o.brand)
         AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = n.id)
    ) AS d
   GROUP BY brand, l, cx, cy, id_site
  ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Catch-up of at most max_rows deferred AEDs, counted from their rows as they are now (FOR SHARE:
-- a writer of one of them waits, or is waited for, so the count and its change never cross).
-- SKIP LOCKED lets two catch-ups share the work; cells are upserted in key order so that two
-- writers of the same cells take their locks in the same order. Returns how many were caught up.
CREATE OR REPLACE FUNCTION aeds_catch_up(max_rows integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  caught integer;
BEGIN
  WITH taken AS (
    DELETE FROM aed_upkeep u
     WHERE u.aed_id IN (SELECT p.aed_id FROM aed_upkeep p ORDER BY p.aed_id LIMIT max_rows FOR UPDATE SKIP LOCKED)
    RETURNING u.aed_id
  ), now_rows AS (
    SELECT a.id, a.id_site, a.lat, a.lon, a.brand, a.deleted_at, a.search_text
      FROM aeds a WHERE a.id IN (SELECT t.aed_id FROM taken t)
       FOR SHARE OF a
  ), cells AS (
    INSERT INTO aed_map_cells AS c (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
    SELECT l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l), n.id_site, count(*), sum(n.lat), sum(n.lon), sum(n.id)
      FROM now_rows n CROSS JOIN generate_series(3, 13) AS l
     WHERE n.deleted_at IS NULL
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
      lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum
  ), brand_cells AS (
    INSERT INTO aed_brand_cells AS c (brand, level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
    SELECT n.brand, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l), n.id_site, count(*), sum(n.lat), sum(n.lon), sum(n.id)
      FROM now_rows n CROSS JOIN generate_series(3, 10) AS l
     WHERE n.deleted_at IS NULL AND n.brand IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
      lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum
  ), search AS (
    INSERT INTO aed_search (aed_id, id_site, live, search_text)
    SELECT n.id, n.id_site, n.deleted_at IS NULL, coalesce(n.search_text, '') FROM now_rows n
    ON CONFLICT (aed_id) DO UPDATE SET id_site = excluded.id_site, live = excluded.live, search_text = excluded.search_text
  )
  SELECT count(*) INTO caught FROM taken;
  RETURN caught;
END $$;
