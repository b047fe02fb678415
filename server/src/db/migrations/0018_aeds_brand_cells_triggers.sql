-- AED register: map cells per brand (levels 3 to 10), kept per statement from the transition tables
-- like aed_map_cells, and filled from the AEDs already there.
CREATE OR REPLACE FUNCTION aeds_brand_cells_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_brand_cells AS c (brand, level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT n.brand, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l), n.id_site, count(*), sum(n.lat), sum(n.lon), sum(n.id)
    FROM new_rows n CROSS JOIN generate_series(3, 10) AS l
   WHERE n.deleted_at IS NULL AND n.brand IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aeds_brand_cells_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aed_brand_cells AS c (brand, level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
  SELECT o.brand, l, aed_cell_x(o.lon, l), aed_cell_y(o.lat, l), o.id_site, -count(*), -sum(o.lat), -sum(o.lon), -sum(o.id)
    FROM old_rows o CROSS JOIN generate_series(3, 10) AS l
   WHERE o.deleted_at IS NULL AND o.brand IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
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
      UNION ALL
      SELECT 1, n.id, n.lat, n.lon, n.id_site, n.brand, l, aed_cell_x(n.lon, l), aed_cell_y(n.lat, l)
        FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN generate_series(3, 10) AS l
       WHERE n.deleted_at IS NULL AND n.brand IS NOT NULL
         AND (o.deleted_at IS NOT NULL OR n.lat <> o.lat OR n.lon <> o.lon OR n.id_site <> o.id_site OR n.brand IS DISTINCT FROM o.brand)
    ) AS d
   GROUP BY brand, l, cx, cy, id_site
  ON CONFLICT (brand, level, cx, cy, id_site) DO UPDATE SET count = c.count + excluded.count,
    lat_sum = c.lat_sum + excluded.lat_sum, lon_sum = c.lon_sum + excluded.lon_sum, id_sum = c.id_sum + excluded.id_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER aeds_brand_cells_insert AFTER INSERT ON aeds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_brand_cells_insert();--> statement-breakpoint
CREATE TRIGGER aeds_brand_cells_delete AFTER DELETE ON aeds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_brand_cells_delete();--> statement-breakpoint
CREATE TRIGGER aeds_brand_cells_update AFTER UPDATE ON aeds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aeds_brand_cells_update();--> statement-breakpoint
INSERT INTO aed_brand_cells (brand, level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
SELECT a.brand, l, aed_cell_x(a.lon, l), aed_cell_y(a.lat, l), a.id_site, count(*), sum(a.lat), sum(a.lon), sum(a.id)
  FROM aeds a CROSS JOIN generate_series(3, 10) AS l
 WHERE a.deleted_at IS NULL AND a.brand IS NOT NULL
 GROUP BY 1, 2, 3, 4, 5;
