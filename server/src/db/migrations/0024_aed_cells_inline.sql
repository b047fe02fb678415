-- The map-cell functions lose STRICT: PostgreSQL inlines a SQL function into the calling query only
-- when it is not STRICT (or its body provably is), and the cell triggers call them 19 times per AED
-- written. Inlined, a 500-row import batch spends 4 ms on its cells instead of 40 (issue 5,
-- docs/performance.md "AED import"). A null coordinate still gives a null cell.
CREATE OR REPLACE FUNCTION aed_cell_x(lon double precision, level integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN lon IS NOT NULL THEN least(greatest(floor((lon + 180) / 360 * (4 << level))::integer, 0), (4 << level) - 1) END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION aed_cell_y(lat double precision, level integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN lat IS NOT NULL THEN least(greatest(floor((1 - ln(tan(radians(least(greatest(lat, -85.0511), 85.0511)))
    + 1 / cos(radians(least(greatest(lat, -85.0511), 85.0511)))) / pi()) / 2 * (4 << level))::integer, 0), (4 << level) - 1) END $$;
