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

/** A search holding more streets than this (a few common words typed) scores only the nearest ones. */
const widestSearch = 1000;
/** Vocabulary words a typo stands for, nearest first by trigrams. */
const wordsPerTypo = 3;
/**
 * Words this short ("d", "la", "de") are not required of a street: they are in most streets, so
 * requiring them costs the inverted index most of its time and finds nothing more; they still count
 * in the ranking. A search of short words only requires them all.
 */
const shortWord = 2;

/**
 * The words a street must hold: the typed words but the short ones, except the last one typed when
 * it has two letters ("impasse du co": a word beginning with "co"); and whether the last of them is
 * the one being typed, to be matched as a prefix.
 */
function requiredWords(key: string): { words: string[]; typing: boolean } {
  const typed = key.split(' ');
  const last = typed.length - 1;
  const kept = (word: string, at: number) => word.length > shortWord || (at === last && word.length === shortWord);
  const words = typed.filter(kept);
  if (words.length === 0) return { words: typed, typing: true };
  return { words, typing: kept(typed[last], last) };
}

/** The street candidates and their scores: how well the typed words fit "street commune", how much of the street's name was typed. */
const scored = `round((0.6 * word_similarity($1, search_key) + 0.4 * word_similarity(name_key, $1))::numeric
                        + CASE WHEN $4::text <> '' AND postcode = $4 THEN 0.05 ELSE 0 END, 2)::float8 AS score`;
const nearness = (table: string) => `(${table}lat - $5) ^ 2 + ((${table}lon - $6) * 0.7) ^ 2`;

/** The best streets of a candidate set, then the asked house number on each (with its suffix). */
function streetSearch(candidates: string): string {
  return `SELECT s.id, s.name, s.city, s.postcode, s.insee, s.lat, s.lon, s.score, p.number, p.suffix, p.lat AS plat, p.lon AS plon
            FROM (SELECT id, name, city, postcode, insee, lat, lon, ${scored}
                    FROM (${candidates}) c
                   ORDER BY score DESC, ${nearness('')}
                   LIMIT ${streetCandidates}) s
            LEFT JOIN LATERAL (
                 SELECT number, suffix, lat, lon FROM address_points
                  WHERE street_id = s.id AND number = $2
                  ORDER BY (suffix = $3) DESC, suffix LIMIT 1) p ON TRUE
           ORDER BY s.score DESC, ${nearness('s.')}`;
}

/** Streets holding every word of the text query ($7), the nearest ones when there are very many. */
const byWords = streetSearch(`SELECT * FROM address_streets
                               WHERE to_tsvector('simple', search_key) @@ to_tsquery('simple', $7)
                               ORDER BY ${nearness('')} LIMIT ${widestSearch}`);
/** Streets close to the whole typed text by trigrams: words run together or split apart ("clermontferrand"). */
const byTrigrams = streetSearch(`SELECT * FROM address_streets WHERE $1 <% search_key`);

/**
 * House-number geocoding over the addresses imported from the national files (BAN, BAL). Streets
 * are found by their words through an inverted index (the last word as a prefix, being typed); a
 * word no street holds (a typo) stands for its nearest vocabulary words by trigrams; only when
 * neither finds anything is the whole text compared by trigrams. The streets found are ranked by
 * trigram similarity, then by nearness to the service area, and the house number (with its suffix)
 * is looked up on each. France only; precision housenumber or street.
 */
export function createAddressGeocoder(database: Database): Geocoder & { hasAddresses(): Promise<boolean> } {
  const streets = (sql: string, params: unknown[]) => database.query<StreetRow>(sql, params);
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
      const params = [key, parsed.number ?? -1, parsed.suffix, parsed.postcode ?? '', near.lat, near.lon];
      const { words, typing } = requiredWords(key);
      // The words typed whole first: each itself, or the words it is a typo of; the word being typed
      // stays a prefix, and is taken for a typo only when nothing holds it.
      const beingTyped = typing ? words.at(-1) : undefined;
      const corrected = await typoAlternatives(database, typing ? words.slice(0, -1) : words);
      const search = async (typedAlternatives = beingTyped === undefined ? [] : [[beingTyped]]) => {
        const lists = [...corrected, ...typedAlternatives];
        return lists.some((list) => list.length > 0) ? streets(byWords, [...params, textQuery(lists, typing)]) : [];
      };
      let rows = await search();
      if (rows.length === 0 && beingTyped !== undefined) {
        const [alike] = await typoAlternatives(database, [beingTyped]);
        if (alike.length > 0 && !alike.includes(beingTyped)) rows = await search([[beingTyped, ...alike]]);
      }
      if (rows.length === 0) rows = await streets(byTrigrams, params);
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

/**
 * The text query of the words: each word as one of its alternatives, all words required, the word
 * being typed (the last, itself, not a correction) also as a prefix. A word without alternatives is left out.
 */
function textQuery(alternatives: readonly (readonly string[])[], typing: boolean): string {
  const last = typing ? alternatives.length - 1 : -1;
  return alternatives
    .map((list, at) => list.map((word, index) => (at === last && index === 0 ? `${word}:*` : word)))
    .filter((list) => list.length > 0)
    .map((list) => `(${list.join(' | ')})`)
    .join(' & ');
}

/**
 * For each word, itself when a street holds it, else the vocabulary words nearest to it by trigrams
 * (none when nothing is near: the word is left out of the search).
 */
async function typoAlternatives(database: Database, words: readonly string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const rows = await database.query<{ at: number; word: string }>(
    // A word of the vocabulary is itself; only the others are looked up by trigrams, the costly part
    // (a common word such as "rue" is near hundreds of words).
    `SELECT t.at::int AS at, v.word
       FROM unnest($1::text[]) WITH ORDINALITY AS t(typed, at)
       CROSS JOIN LATERAL (
         SELECT word FROM address_words WHERE word = t.typed
         UNION ALL
         (SELECT word FROM address_words
           WHERE word % t.typed AND NOT EXISTS (SELECT 1 FROM address_words known WHERE known.word = t.typed)
           ORDER BY word <-> t.typed LIMIT ${wordsPerTypo})) v`,
    [words],
  );
  return words.map((typed, index) => {
    const near = rows.filter((row) => row.at === index + 1).map((row) => row.word);
    return near.includes(typed) ? [typed] : near;
  });
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
