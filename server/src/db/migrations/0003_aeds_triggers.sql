-- AED register: search text, map cluster cells and the "open at" helper (SQL drizzle cannot express).
CREATE OR REPLACE FUNCTION vigil_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint

-- search_text: lower-case, unaccented words of the AED, for the tag and free-text search (gin trigram index).
CREATE OR REPLACE FUNCTION aeds_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(vigil_unaccent(concat_ws(' ', NEW.name, NEW.address, NEW.address2, NEW.building, NEW.zip_code,
    NEW.city, NEW.state, NEW.brand, NEW.model, NEW.serial_number, NEW.id_aed, NEW.udid::text, NEW.external_source_id,
    NEW.id_geocoeur, NEW.cabinet_id)));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER aeds_search_text BEFORE INSERT OR UPDATE ON aeds FOR EACH ROW EXECUTE FUNCTION aeds_search_text();--> statement-breakpoint

-- Web-Mercator grid cell of a point at a level: 4 cells per 256-pixel tile side at zoom = level.
CREATE OR REPLACE FUNCTION aed_cell_x(lon double precision, level integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT least(greatest(floor((lon + 180) / 360 * (4 << level))::integer, 0), (4 << level) - 1) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aed_cell_y(lat double precision, level integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT least(greatest(floor((1 - ln(tan(radians(least(greatest(lat, -85.0511), 85.0511)))
    + 1 / cos(radians(least(greatest(lat, -85.0511), 85.0511)))) / pi()) / 2 * (4 << level))::integer, 0), (4 << level) - 1) $$;--> statement-breakpoint

-- Map cells are kept per statement from the transition tables, so a bulk insert costs one grouped upsert.
-- Cells whose count falls to 0 stay (readers skip them); they are reused when an AED comes back.
CREATE OR REPLACE FUNCTION aeds_map_cells_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_map_cells AS c (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l), n.id_site, count(*), sum(n.lat), sum(n.lon), sum(n.id)
    FROM new_rows n CROSS JOIN generate_series(3, 13) AS l
   WHERE n.deleted_at IS NULL
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aeds_map_cells_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_map_cells AS c (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT l, aed_cell_x(o.lon, l), aed_cell_y(o.lat, l), o.id_site, -count(*), -sum(o.lat), -sum(o.lon), -sum(o.id)
    FROM old_rows o CROSS JOIN generate_series(3, 13) AS l
   WHERE o.deleted_at IS NULL
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
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
      UNION ALL
      SELECT 1, n.id, n.lat, n.lon, n.id_site, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l)
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, 13) AS l
       WHERE n.deleted_at IS NULL
         AND (o.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site)
    ) AS d
   GROUP BY l, cx, cy, id_site
  ON CONFLICT (level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER aeds_map_cells_insert AFTER INSERT ON aeds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_map_cells_insert();--> statement-breakpoint
CREATE TRIGGER aeds_map_cells_delete AFTER DELETE ON aeds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_map_cells_delete();--> statement-breakpoint
CREATE TRIGGER aeds_map_cells_update AFTER UPDATE ON aeds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_map_cells_update();--> statement-breakpoint

-- Whether an AED is open at a moment: 24/7, or a range of that weekday (1 Monday .. 7 Sunday, local time).
CREATE OR REPLACE FUNCTION aed_open_at(always boolean, hours jsonb, at timestamptz, tz text DEFAULT 'Europe/Paris')
  RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(always, false) OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(coalesce(hours -> extract(isodow FROM at AT TIME ZONE tz)::integer::text, '[]'::jsonb)) AS r
     WHERE (at AT TIME ZONE tz)::time >= (r ->> 'open')::time AND (at AT TIME ZONE tz)::time < (r ->> 'close')::time)
$$;
