import type { Place } from './gazetteer-data';
import { nameKey, trigrams } from './text';

/** Grid cell size of the reverse index, in degrees (about 11 km north-south). */
const cellDegrees = 0.1;
const earthRadiusKm = 6371;

/**
 * The in-memory indexes of the gazetteer: exact names, name prefixes, trigrams, postal codes, and a
 * grid of known centres for nearest-place look-ups. Built once from the loaded places.
 */
export class GazetteerIndex {
  readonly keys: string[];
  private readonly byKey = new Map<string, number[]>();
  private readonly byPostcode = new Map<string, number[]>();
  private readonly byTrigram = new Map<string, number[]>();
  /** Number of distinct trigrams of each place's key, for the similarity denominator. */
  private readonly trigramCounts: Uint16Array;
  /** Place ids sorted by key, for prefix ranges. */
  private readonly sorted: number[];
  private readonly grid = new Map<string, number[]>();

  constructor(readonly places: readonly Place[]) {
    this.keys = places.map((place) => nameKey(place.name));
    this.trigramCounts = new Uint16Array(places.length);
    places.forEach((place, id) => {
      push(this.byKey, this.keys[id], id);
      for (const postcode of place.postcodes) push(this.byPostcode, postcode, id);
      const grams = trigrams(this.keys[id]);
      this.trigramCounts[id] = grams.length;
      for (const gram of grams) push(this.byTrigram, gram, id);
      // Reverse look-ups use only centres that are the place's own point, never an estimated one.
      if (place.centre === 'geonames') push(this.grid, cellKey(Math.floor(place.lat / cellDegrees), Math.floor(place.lon / cellDegrees)), id);
    });
    this.sorted = places.map((_, id) => id).sort((a, b) => (this.keys[a] < this.keys[b] ? -1 : this.keys[a] > this.keys[b] ? 1 : 0));
  }

  /** Places whose whole name is this key. */
  exact(key: string): readonly number[] {
    return this.byKey.get(key) ?? [];
  }

  /** Places serving this postal code. */
  postcode(postcode: string): readonly number[] {
    return this.byPostcode.get(postcode) ?? [];
  }

  /** Places whose name starts with this key (word-wise: "clermont" finds "clermont ferrand"), at most `max`. */
  prefix(key: string, max = 200): number[] {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.keys[this.sorted[middle]] < key) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let index = low; index < this.sorted.length && found.length < max; index++) {
      const id = this.sorted[index];
      if (!this.keys[id].startsWith(key)) break;
      found.push(id);
    }
    return found;
  }

  /** Places whose name is similar to the key (Dice coefficient of trigrams at least `threshold`), best first. */
  similar(key: string, threshold: number, max = 20): { id: number; similarity: number }[] {
    const grams = trigrams(key);
    const shared = new Map<number, number>();
    for (const gram of grams) for (const id of this.byTrigram.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const found: { id: number; similarity: number }[] = [];
    for (const [id, count] of shared) {
      const similarity = (2 * count) / (grams.length + this.trigramCounts[id]);
      if (similarity >= threshold) found.push({ id, similarity });
    }
    return found.sort((a, b) => b.similarity - a.similarity || this.places[b.id].population - this.places[a.id].population).slice(0, max);
  }

  /** The place with a known centre nearest to a point, within `maxKm`; optionally in one country. */
  nearest(lat: number, lon: number, maxKm: number, countryCode?: string): { id: number; km: number } | undefined {
    const row = Math.floor(lat / cellDegrees);
    const column = Math.floor(lon / cellDegrees);
    const kmPerCellNorth = (cellDegrees * Math.PI * earthRadiusKm) / 180;
    const kmPerCellEast = kmPerCellNorth * Math.max(Math.cos((Math.min(Math.abs(lat) + cellDegrees, 89) * Math.PI) / 180), 0.01);
    let best: { id: number; km: number } | undefined;
    for (let ring = 0; ; ring++) {
      // Every place beyond this ring is at least (ring) cells away in one direction.
      const ringKm = ring === 0 ? 0 : (ring - 1) * Math.min(kmPerCellNorth, kmPerCellEast);
      if (ringKm > maxKm || (best && best.km <= ringKm)) break;
      for (let dRow = -ring; dRow <= ring; dRow++) {
        for (let dColumn = -ring; dColumn <= ring; dColumn++) {
          if (Math.max(Math.abs(dRow), Math.abs(dColumn)) !== ring) continue;
          for (const id of this.grid.get(cellKey(row + dRow, column + dColumn)) ?? []) {
            const place = this.places[id];
            if (countryCode && place.countryCode !== countryCode) continue;
            const km = distanceKm(lat, lon, place.lat, place.lon);
            if (km <= maxKm && (!best || km < best.km)) best = { id, km };
          }
        }
      }
    }
    return best;
  }
}

function push<K>(map: Map<K, number[]>, key: K, id: number) {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

const cellKey = (row: number, column: number) => `${row}:${column}`;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}
