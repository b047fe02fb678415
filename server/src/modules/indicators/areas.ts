import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createGazetteer } from '../../adapters/geocoding/gazetteer';
import { distanceKm } from '../../adapters/geocoding/gazetteer-index';

/**
 * Where things are, administratively: every point Vigil counts (an alert, an AED, a responder's
 * last position) is put in the French commune whose centre is nearest (at most 30 km), and so in
 * its département; Luxembourg's localities count as the country LU. Populations are those of
 * @etalab/decoupage-administratif (INSEE); a département's is the sum of its communes'. Points
 * are grouped first in grid cells of 0.01° (about 1 km), and each cell is placed once.
 */

/** Grid of the indicators (degrees): cells about 1.1 km north-south. */
export const cellDegrees = 0.01;
const lookupDegrees = 0.1;
const maxKm = 30;

export interface Commune {
  code: string;
  name: string;
  departement: string;
  population: number;
}

export interface Departement {
  code: string;
  name: string;
  population: number;
  /** Bounding box of its communes' centres, widened by 0.1°. */
  box: { minLat: number; maxLat: number; minLon: number; maxLon: number };
}

/** Where one cell lies. */
export interface Located {
  country: 'FR' | 'LU';
  commune: Commune | null;
  departement: Departement | null;
}

interface Centre {
  lat: number;
  lon: number;
  country: 'FR' | 'LU';
  commune: Commune | null;
}

/** The administrative map Vigil places points on, loaded once per process. */
export class AreaMap {
  private readonly grid = new Map<string, Centre[]>();
  private readonly cache = new Map<number, Located | null>();

  constructor(
    centres: Centre[],
    readonly communes: Map<string, Commune>,
    readonly departements: Map<string, Departement>,
  ) {
    for (const centre of centres) {
      const key = `${Math.floor(centre.lat / lookupDegrees)}:${Math.floor(centre.lon / lookupDegrees)}`;
      const list = this.grid.get(key);
      if (list) list.push(centre);
      else this.grid.set(key, [centre]);
    }
  }

  /** The place of a grid cell (its key as cellKeySql computes it), cached. */
  locateCell(key: number): Located | null {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const { lat, lon } = cellCentre(key);
    const located = this.locate(lat, lon);
    if (this.cache.size > 500_000) this.cache.clear();
    this.cache.set(key, located);
    return located;
  }

  /** The nearest commune or Luxembourg locality within 30 km, else null (abroad, at sea). */
  locate(lat: number, lon: number): Located | null {
    const row = Math.floor(lat / lookupDegrees);
    const column = Math.floor(lon / lookupDegrees);
    let best: { centre: Centre; km: number } | undefined;
    const kmPerRing = lookupDegrees * 111.2 * Math.max(Math.cos((Math.min(Math.abs(lat) + lookupDegrees, 89) * Math.PI) / 180), 0.01);
    for (let ring = 0; ring <= 30; ring++) {
      if (best && best.km <= (ring - 1) * kmPerRing) break;
      if ((ring - 1) * kmPerRing > maxKm) break;
      for (let dRow = -ring; dRow <= ring; dRow++) {
        for (let dColumn = -ring; dColumn <= ring; dColumn++) {
          if (Math.max(Math.abs(dRow), Math.abs(dColumn)) !== ring) continue;
          for (const centre of this.grid.get(`${row + dRow}:${column + dColumn}`) ?? []) {
            const km = distanceKm(lat, lon, centre.lat, centre.lon);
            if (km <= maxKm && (!best || km < best.km)) best = { centre, km };
          }
        }
      }
    }
    if (!best) return null;
    const commune = best.centre.commune;
    return { country: best.centre.country, commune, departement: commune ? (this.departements.get(commune.departement) ?? null) : null };
  }
}

/** The cell key SQL computes for a point (see cellKeySql). */
export function cellKeyOf(lat: number, lon: number): number {
  return (Math.round(lat / cellDegrees) + 9000) * 40_000 + (Math.round(lon / cellDegrees) + 18_000);
}

/** The centre of a cell key. */
export function cellCentre(key: number): { lat: number; lon: number } {
  const latIndex = Math.floor(key / 40_000) - 9000;
  const lonIndex = (key % 40_000) - 18_000;
  return { lat: latIndex * cellDegrees, lon: lonIndex * cellDegrees };
}

/** SQL of the cell key of `alias`.lat / `alias`.lon, the same as cellKeyOf. */
export function cellKeySql(alias: string): string {
  return `((round(${alias}.lat * 100)::int + 9000)::bigint * 40000 + (round(${alias}.lon * 100)::int + 18000))`;
}

let shared: Promise<AreaMap> | undefined;

/** The area map, built on first use from the gazetteer's places and the INSEE lists. */
export function areaMap(): Promise<AreaMap> {
  if (!shared) {
    shared = buildAreaMap();
    shared.catch(() => (shared = undefined));
  }
  return shared;
}

async function buildAreaMap(): Promise<AreaMap> {
  const require = createRequire(import.meta.url);
  const [index, departementsText, communesText] = await Promise.all([
    createGazetteer().ready(),
    readFile(require.resolve('@etalab/decoupage-administratif/data/departements.json'), 'utf8'),
    readFile(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
  ]);
  const communes = new Map<string, Commune>();
  for (const row of JSON.parse(communesText) as { code: string; nom: string; type: string; departement?: string; population?: number }[]) {
    if (row.type === 'commune-actuelle' && row.departement) communes.set(row.code, { code: row.code, name: row.nom, departement: row.departement, population: row.population ?? 0 });
  }
  const centres: Centre[] = [];
  const boxes = new Map<string, Departement['box']>();
  for (const place of index.places) {
    if (place.countryCode === 'LU') {
      centres.push({ lat: place.lat, lon: place.lon, country: 'LU', commune: null });
      continue;
    }
    const commune = place.kind === 'commune' ? communes.get(place.code) : undefined;
    if (!commune) continue;
    centres.push({ lat: place.lat, lon: place.lon, country: 'FR', commune });
    const box = boxes.get(commune.departement) ?? { minLat: 90, maxLat: -90, minLon: 180, maxLon: -180 };
    boxes.set(commune.departement, { minLat: Math.min(box.minLat, place.lat), maxLat: Math.max(box.maxLat, place.lat), minLon: Math.min(box.minLon, place.lon), maxLon: Math.max(box.maxLon, place.lon) });
  }
  const populations = new Map<string, number>();
  for (const commune of communes.values()) populations.set(commune.departement, (populations.get(commune.departement) ?? 0) + commune.population);
  const departements = new Map<string, Departement>();
  for (const row of JSON.parse(departementsText) as { code: string; nom: string }[]) {
    const box = boxes.get(row.code);
    if (!box) continue;
    departements.set(row.code, {
      code: row.code,
      name: row.nom,
      population: populations.get(row.code) ?? 0,
      box: { minLat: box.minLat - lookupDegrees, maxLat: box.maxLat + lookupDegrees, minLon: box.minLon - lookupDegrees, maxLon: box.maxLon + lookupDegrees },
    });
  }
  return new AreaMap(centres, communes, departements);
}
