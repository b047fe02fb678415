import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Streets (and lieux-dits) of the imported national address files (BAN, BAL): one row per street
 * name and commune. The geocoder finds streets holding every typed word (the words index), ranks
 * them by trigram similarity, then finds the house number.
 */
export const addressStreets = pgTable(
  'address_streets',
  {
    id: serial('id').primaryKey(),
    /** INSEE code of the commune. */
    insee: varchar('insee', { length: 5 }).notNull(),
    /** Postal code; empty when the file gives none and the commune has several. */
    postcode: varchar('postcode', { length: 5 }).notNull().default(''),
    city: text('city').notNull(),
    name: text('name').notNull(),
    /** The street name in normal form with street types spelt out (streetKey): its identity within the commune. */
    nameKey: text('name_key').notNull(),
    /** "street city" in normal form: its words are indexed, its trigrams rank the streets found. */
    searchKey: text('search_key').notNull(),
    /** A point of the street (the mean of its numbers): the answer when no number is known. */
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [
    uniqueIndex('address_streets_place_idx').on(t.insee, t.nameKey),
    index('address_streets_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    // An inverted index of the words: a search reads the streets holding all typed words, rarest first.
    index('address_streets_words_idx').using('gin', sql`to_tsvector('simple', ${t.searchKey})`),
  ],
);

/**
 * Every word of the streets' search keys: a typed word that is none of them (a typo) is replaced by
 * the nearest ones by trigrams, searched here among tens of thousands of words, not millions of streets.
 */
export const addressWords = pgTable('address_words', { word: text('word').primaryKey() }, (t) => [index('address_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))]);

/** House numbers of a street, with their position. */
export const addressPoints = pgTable(
  'address_points',
  {
    streetId: integer('street_id')
      .notNull()
      .references(() => addressStreets.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** "bis", "ter", "a"... in lower case; empty when none. */
    suffix: varchar('suffix', { length: 16 }).notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** 0.01° grid cell of the point (addressCell), for the nearest-address look-up. */
    cell: integer('cell').notNull(),
  },
  (t) => [primaryKey({ columns: [t.streetId, t.number, t.suffix] }), index('address_points_cell_idx').on(t.cell)],
);
