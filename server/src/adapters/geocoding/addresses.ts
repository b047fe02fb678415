import type { Database } from '../../db/database';
import { cellsAround } from './address-cell';
import { addressLabel, parseAddressQuery } from './address-query';
import type { GeocodeResult, Geocoder } from './geocoder';

/** Street candidates read per search, before the house number is looked up. */
const streetCandidates = 10;
/** The nearest address is looked for within this distance; farther, the commune answers. */
const reverseMaxMetres = 300;
/** Fewer key characters than this search no street (a commune or a number being typed). */
const minKeyLength = 3;
/** An address without the house number asked for is answered at its street, a little less sure. */
const missingNumberFactor = 0.9;

interface StreetRow {
  id: number;
  name: string;
  city: string;
  postcode: string;
  insee: string;
  lat: number;
  lon: number;
  score: number;
  number: number | null;
  suffix: string | null;
  plat: number | null;
  plon: number | null;
}

/**
 * House-number geocoding over the addresses imported from the national files (BAN, BAL): streets
 * found by trigram similarity on "street commune" (accents, case and a typo forgiven), ranked by
 * that score then by nearness to the service area, and the house number (with its suffix) on the
 * street found. France only; precision housenumber or street.
 */
export function createAddressGeocoder(database: Database): Geocoder & { hasAddresses(): Promise<boolean> } {
  return {
    async hasAddresses() {
      const [row] = await database.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM address_streets) AS present');
      return row?.present === true;
    },
    async search(query) {
      if ((query.countryCode || 'FR').toUpperCase() !== 'FR') return [];
      const parsed = parseAddressQuery(query.address ?? '', query.zipCode);
      const key = [parsed.key, query.city ? parseAddressQuery(query.city).key : ''].filter(Boolean).join(' ');
      if (key.replace(/ /g, '').length < minKeyLength) return [];
      const near = query.near ?? { lat: 46.6, lon: 2.5 }; // without an area, the middle of France
      const rows = await database.query<StreetRow>(
        `SELECT s.id, s.name, s.city, s.postcode, s.insee, s.lat, s.lon, s.score, p.number, p.suffix, p.lat AS plat, p.lon AS plon
           FROM (SELECT id, name, city, postcode, insee, lat, lon,
                        -- how well the typed words fit "street commune", and how much of the street's name was typed
                        round((0.6 * word_similarity($1, search_key) + 0.4 * word_similarity(name_key, $1))::numeric
                              + CASE WHEN $4::text <> '' AND postcode = $4 THEN 0.05 ELSE 0 END, 2)::float8 AS score
                   FROM address_streets
                  WHERE $1 <% search_key
                  ORDER BY score DESC, (lat - $5) ^ 2 + ((lon - $6) * 0.7) ^ 2
                  LIMIT ${streetCandidates}) s
           LEFT JOIN LATERAL (
                SELECT number, suffix, lat, lon FROM address_points
                 WHERE street_id = s.id AND number = $2
                 ORDER BY (suffix = $3) DESC, suffix LIMIT 1) p ON TRUE
          ORDER BY s.score DESC, (s.lat - $5) ^ 2 + ((s.lon - $6) * 0.7) ^ 2`,
        [key, parsed.number ?? -1, parsed.suffix, parsed.postcode ?? '', near.lat, near.lon],
      );
      return rows.map((row) => resultOf(row, parsed.number));
    },
    async reverse(lat, lon, countryCode) {
      if (countryCode && countryCode.toUpperCase() !== 'FR') return undefined;
      const [row] = await database.query<StreetRow & { metres: number }>(
        `SELECT s.id, s.name, s.city, s.postcode, s.insee, s.lat, s.lon, 1 AS score, p.number, p.suffix, p.lat AS plat, p.lon AS plon,
                sqrt((p.lat - $1) ^ 2 + ((p.lon - $2) * cos(radians($1))) ^ 2) * 111195 AS metres
           FROM address_points p JOIN address_streets s ON s.id = p.street_id
          WHERE p.cell = ANY($3::int[])
          ORDER BY (p.lat - $1) ^ 2 + ((p.lon - $2) * cos(radians($1))) ^ 2
          LIMIT 1`,
        [lat, lon, `{${cellsAround(lat, lon).join(',')}}`],
      );
      if (!row || row.metres > reverseMaxMetres) return undefined;
      return { ...resultOf(row, row.number ?? undefined), score: Math.round((1 - row.metres / reverseMaxMetres) * 100) / 100 };
    },
  };
}

function resultOf(row: StreetRow, askedNumber: number | undefined): GeocodeResult {
  const found = row.number !== null && row.plat !== null && row.plon !== null;
  const place = { street: row.name, postcode: row.postcode, city: row.city };
  return {
    label: addressLabel(found ? { ...place, number: row.number ?? undefined, suffix: row.suffix ?? '' } : place),
    lat: found ? (row.plat as number) : row.lat,
    lon: found ? (row.plon as number) : row.lon,
    city: row.city,
    zipCode: row.postcode,
    countryCode: 'FR',
    precision: found ? 'housenumber' : 'street',
    score: Math.min(1, found || askedNumber === undefined ? row.score : row.score * missingNumberFactor),
    insee: row.insee,
    street: found ? addressLabel({ number: row.number ?? undefined, suffix: row.suffix ?? '', street: row.name, postcode: '', city: '' }) : row.name,
  };
}
