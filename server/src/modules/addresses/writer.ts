import { createGazetteer } from '../../adapters/geocoding/gazetteer';
import { nameKey, streetKey } from '../../adapters/geocoding/text';
import type { Database } from '../../db/database';
import { addressCell } from '../../adapters/geocoding/address-cell';
import type { AddressRow } from './layouts';

/** Postal codes of each commune (INSEE code), from the gazetteer: BAL files carry none. */
let communePostcodes: Promise<Map<string, readonly string[]>> | undefined;
function postcodesByInsee(): Promise<Map<string, readonly string[]>> {
  communePostcodes ??= createGazetteer()
    .ready()
    .then((index) => new Map(index.places.filter((place) => place.countryCode === 'FR' && place.kind !== 'locality').map((place) => [place.code, place.postcodes])));
  return communePostcodes;
}

interface StreetDraft {
  insee: string;
  postcode: string;
  city: string;
  name: string;
  name_key: string;
  search_key: string;
  lat: number;
  lon: number;
}

/**
 * Writes a batch of address rows: upserts their streets, then their house numbers. Idempotent (a
 * row written twice changes nothing the second time) and safe beside running servers and another
 * import (every write is an upsert on a unique key).
 */
export async function writeAddresses(database: Database, rows: readonly AddressRow[]): Promise<void> {
  if (rows.length === 0) return;
  const postcodes = await postcodesByInsee();
  const streets = new Map<string, StreetDraft>();
  for (const row of rows) {
    const key = `${row.insee}|${streetKey(row.street)}`;
    if (streets.has(key)) continue;
    const known = postcodes.get(row.insee) ?? [];
    const postcode = row.postcode || (known.length === 1 ? known[0] : '');
    const city = row.city || row.insee;
    streets.set(key, { insee: row.insee, postcode, city, name: row.street, name_key: streetKey(row.street), search_key: `${streetKey(row.street)} ${nameKey(city)}`, lat: row.lat, lon: row.lon });
  }
  const drafts = [...streets.values()];
  await database.query(
    `INSERT INTO address_streets (insee, postcode, city, name, name_key, search_key, lat, lon)
     SELECT insee, postcode, city, name, name_key, search_key, lat, lon
       FROM jsonb_to_recordset($1::jsonb) AS s(insee text, postcode text, city text, name text, name_key text, search_key text, lat float8, lon float8)
     ON CONFLICT (insee, name_key) DO UPDATE
        SET postcode = CASE WHEN excluded.postcode <> '' THEN excluded.postcode ELSE address_streets.postcode END,
            city = excluded.city, name = excluded.name, search_key = excluded.search_key
      WHERE (address_streets.city, address_streets.name, address_streets.search_key) IS DISTINCT FROM (excluded.city, excluded.name, excluded.search_key)
         OR (excluded.postcode <> '' AND excluded.postcode <> address_streets.postcode)`,
    [JSON.stringify(drafts)],
  );
  await database.query(
    `INSERT INTO address_words (word)
     SELECT DISTINCT unnest(string_to_array(search_key, ' ')) FROM jsonb_to_recordset($1::jsonb) AS s(search_key text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(drafts.map(({ search_key }) => ({ search_key })))],
  );
  const ids = await database.query<{ id: number; insee: string; name_key: string }>(
    `SELECT s.id, s.insee, s.name_key FROM address_streets s
       JOIN jsonb_to_recordset($1::jsonb) AS k(insee text, name_key text) ON s.insee = k.insee AND s.name_key = k.name_key`,
    [JSON.stringify(drafts.map(({ insee, name_key }) => ({ insee, name_key })))],
  );
  const idOf = new Map(ids.map((street) => [`${street.insee}|${street.name_key}`, street.id]));

  // One row per house number (BAL files may give several positions of one number: the last wins).
  const points = new Map<string, { street_id: number; number: number; suffix: string; lat: number; lon: number; cell: number }>();
  for (const row of rows) {
    const streetId = idOf.get(`${row.insee}|${streetKey(row.street)}`);
    if (streetId === undefined || row.number === null) continue;
    points.set(`${streetId}|${row.number}|${row.suffix}`, { street_id: streetId, number: row.number, suffix: row.suffix, lat: row.lat, lon: row.lon, cell: addressCell(row.lat, row.lon) });
  }
  if (points.size > 0) {
    await database.query(
      `INSERT INTO address_points (street_id, number, suffix, lat, lon, cell)
       SELECT street_id, number, suffix, lat, lon, cell
         FROM jsonb_to_recordset($1::jsonb) AS p(street_id int, number int, suffix text, lat float8, lon float8, cell int)
       ON CONFLICT (street_id, number, suffix) DO UPDATE SET lat = excluded.lat, lon = excluded.lon, cell = excluded.cell
        WHERE (address_points.lat, address_points.lon) IS DISTINCT FROM (excluded.lat, excluded.lon)`,
      [JSON.stringify([...points.values()])],
    );
  }
  // A street's own point is its number nearest the mean of its numbers: on the street, mid-way.
  await database.query(
    `UPDATE address_streets s SET lat = c.lat, lon = c.lon
       FROM (SELECT DISTINCT ON (p.street_id) p.street_id, p.lat, p.lon
               FROM address_points p
               JOIN (SELECT street_id, avg(lat) AS mlat, avg(lon) AS mlon FROM address_points
                      WHERE street_id = ANY($1::int[]) GROUP BY street_id) m ON m.street_id = p.street_id
              ORDER BY p.street_id, (p.lat - m.mlat) ^ 2 + (p.lon - m.mlon) ^ 2) c
      WHERE s.id = c.street_id AND (s.lat, s.lon) IS DISTINCT FROM (c.lat, c.lon)`,
    [`{${[...new Set([...points.values()].map((point) => point.street_id))].join(',')}}`],
  );
}
