import { sql, type SQL } from 'drizzle-orm';
import { earthRadiusMetres, metresBetween } from '../../../contract/earth';

export { earthRadiusMetres, metresBetween };

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
