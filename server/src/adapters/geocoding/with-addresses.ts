import type { GeocodeResult, Geocoder } from './geocoder';
import { nameKey } from './text';

/** A gazetteer score from which a commune counts as named in the text (its whole name was typed). */
const namedScore = 0.8;
/** A street outside the commune the text names keeps this share of its score ("rue de la République, Lyon"). */
const otherCommuneFactor = 0.5;

/**
 * The imported addresses first, the commune gazetteer beside them: a search asks both and merges the
 * answers by score (a commune typed alone is the gazetteer's; a street or house number the
 * addresses'); a reverse look-up names the nearest address, else the commune.
 */
export function withAddresses(addresses: Geocoder, gazetteer: Geocoder): Geocoder {
  return {
    async search(query, signal) {
      const [streets, communes] = await Promise.all([addresses.search(query, signal), gazetteer.search(query, signal)]);
      const limit = query.limit ?? 5;
      const named = communes.filter((commune) => commune.score >= namedScore);
      // A named commune the street is not in, and whose name is not part of the street's ("avenue de Royat"), outranks the street.
      const weighed = streets.map((street) =>
        named.length === 0 || named.some((commune) => commune.insee === street.insee || nameKey(street.label).includes(nameKey(commune.city))) ? street : { ...street, score: street.score * otherCommuneFactor },
      );
      return [...weighed, ...communes].sort(byScore).slice(0, Math.max(limit, 1));
    },
    async reverse(lat, lon, countryCode, signal) {
      return (await addresses.reverse(lat, lon, countryCode, signal)) ?? gazetteer.reverse(lat, lon, countryCode, signal);
    },
  };
}

/** Best score first; at equal score the more precise answer. */
function byScore(a: GeocodeResult, b: GeocodeResult): number {
  const rank = { housenumber: 0, street: 1, municipality: 2 } as const;
  return b.score - a.score || rank[a.precision] - rank[b.precision];
}
