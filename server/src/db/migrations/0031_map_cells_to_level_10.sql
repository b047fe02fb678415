-- Map cells stop at level 10, like the per-brand cells (docs/decisions.md "Map cells stop at level
-- 10"). On the three finest levels, 11 to 13, a cell holds one AED or few: each level adds up to one
-- cell row per AED (187,000 of the 206,000 cell rows of a 200,000-AED register), and they were the
-- dearest levels of the bulk-load catch-up (issue 5; 148 -> 127 µs an AED without them).
-- Maps at zoom 11 to 13 group the viewport's rows instead, as filtered maps already do
-- (server/src/modules/aeds/map.ts). aed_cell_max_level() is the finest level of both cell tables:
-- the triggers and the catch-up read it, so a later change of levels redefines that one function
-- (then refills or trims the cells). The functions below are those of 0030 with that level range,
-- otherwise unchanged.
CREATE OR REPLACE FUNCTION aed_cell_max_level() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 10 $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION aeds_map_cells_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF aed_upkeep_deferred() THEN RETURN NULL; END IF;
  INSERT INTO aed_map_cells AS c (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l), n.id_site, count(*), sum(n.lat), sum(n.lon), sum(n.id)
    FROM new_rows n CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
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
    FROM new_rows n CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
   WHERE n.deleted_at IS NULL AND n.brand IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aeds_map_cells_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_map_cells AS c (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT l, aed_cell_x(o.lon, l), aed_cell_y(o.lat, l), o.id_site, -count(*), -sum(o.lat), -sum(o.lon), -sum(o.id)
    FROM old_rows o CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
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
    FROM old_rows o CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
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
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
       WHERE o.deleted_at IS NULL
         AND (n.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site)
         AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = o.id)
      UNION ALL
      SELECT 1, n.id, n.lat, n.lon, n.id_site, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l)
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
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
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
       WHERE o.deleted_at IS NULL AND o.brand IS NOT NULL
         AND (n.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site OR n.brand IS DISTINCT FROM o.brand)
         AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = o.id)
      UNION ALL
      SELECT 1, n.id, n.lat, n.lon, n.id_site, n.brand, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l)
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
       WHERE n.deleted_at IS NULL AND n.brand IS NOT NULL
         AND (o.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site OR n.brand IS DISTINCT FROM o.brand)
         AND NOT EXISTS (SELECT 1 FROM aed_upkeep u WHERE u.aed_id = n.id)
    ) AS d
   GROUP BY brand, l, cx, cy, id_site
  ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
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
      FROM now_rows n CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
     WHERE n.deleted_at IS NULL
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
      lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum
  ), brand_cells AS (
    INSERT INTO aed_brand_cells AS c (brand, level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
    SELECT n.brand, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l), n.id_site, count(*), sum(n.lat), sum(n.lon), sum(n.id)
      FROM now_rows n CROSS JOIN generate_series(3, aed_cell_max_level()) AS l
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
END $$;--> statement-breakpoint

-- The cells of levels 11 to 13 that 0003 and 0030 kept: no reader left.
DELETE FROM aed_map_cells WHERE level > 10;
