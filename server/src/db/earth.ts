import { sql, type SQL } from 'drizzle-orm';

/** The earth radius of PostgreSQL's earthdistance extension (`earth()`), in metres. */
export const earthRadiusMetres = 6_378_168;

/** Great-circle metres between two points (haversine), on the same earth as the SQL distances. */
export function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * `point` lies within `metres` of `center` (both `earth` cubes), along the great circle. It compares
 * the straight chord between the two points (cube_distance, a C function) with the chord of that
 * arc: the same test as `earth_distance(center, point) <= metres`, whose SQL wrappers PostgreSQL
 * does not inline and which cost a microsecond a row — most of a count of a thousand neighbours.
 */
export function withinMetres(center: SQL, point: SQL, metres: number): SQL {
  const chord = 2 * earthRadiusMetres * Math.sin(metres / (2 * earthRadiusMetres));
  return sql`cube_distance(${center}, ${point}) <= ${chord}::float8`;
}

/** Orders by distance to `center` (the chord grows with the arc), without the great-circle wrappers. */
export function byDistance(center: SQL, point: SQL): SQL {
  return sql`cube_distance(${center}, ${point})`;
}
