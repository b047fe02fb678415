/** The earth radius of PostgreSQL's earthdistance extension (`earth()`), in metres. */
export const earthRadiusMetres = 6_378_168;

/** Great-circle metres between two points (haversine), on the same earth as the server's SQL distances; used by both sides. */
export function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)));
}
