import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Opening hours of an AED: weekday 1 (Monday) to 7 (Sunday) → ranges "HH:mm" (close may be
 * "24:00"), local time of the AED (Europe/Paris unless said otherwise). A missing or empty day is
 * closed. The SQL function aed_open_at(always_opened, opening_hours, at) answers "open now?".
 */
export type OpeningHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', { open: string; close: string }[]>>;

/**
 * The AED register (spec §3 "AED"). status is the availability of the chart
 * contract/charts/aed-availability.chart.ts: available, inMaintenance, unavailable, deleted.
 * search_text is kept by a trigger (lower-case, unaccented) for the tag and free-text search.
 */
export const aeds = pgTable(
  'aeds',
  {
    id: serial('id').primaryKey(),
    udid: uuid('udid').notNull().defaultRandom(),
    idAed: varchar('id_aed', { length: 100 }),
    idSite: integer('id_site')
      .notNull()
      .references(() => accounts.id),
    name: varchar('name', { length: 255 }).notNull(),
    address: varchar('address', { length: 255 }),
    address2: varchar('address2', { length: 255 }),
    building: varchar('building', { length: 120 }),
    floor: varchar('floor', { length: 40 }),
    zipCode: varchar('zip_code', { length: 20 }),
    city: varchar('city', { length: 120 }),
    /** Region, or commune for Luxembourg. */
    state: varchar('state', { length: 120 }),
    country: varchar('country', { length: 2 }).notNull().default('FR'),
    description: text('description'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    altitude: doublePrecision('altitude'),
    /** 1 indoor, 2 outdoor. */
    position: smallint('position'),
    /** 1 private, 2 public. */
    accessibility: smallint('accessibility'),
    alwaysOpened: boolean('always_opened').notNull().default(false),
    /** Placed at its commune's centre by an import (the geocoder found no closer): staff must move it. */
    positionToCheck: boolean('position_to_check').notNull().default(false),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default({}),
    itinerant: boolean('itinerant').notNull().default(false),
    brand: varchar('brand', { length: 100 }),
    model: varchar('model', { length: 100 }),
    softwareVersion: varchar('software_version', { length: 60 }),
    serialNumber: varchar('serial_number', { length: 100 }),
    installDate: date('install_date'),
    privateComment: text('private_comment'),
    inspectedBy: varchar('inspected_by', { length: 200 }),
    lastInspection: date('last_inspection'),
    padsLot: varchar('pads_lot', { length: 100 }),
    padsExpiration: date('pads_expiration'),
    childPadsLot: varchar('child_pads_lot', { length: 100 }),
    childPadsExpiration: date('child_pads_expiration'),
    hasChildPads: boolean('has_child_pads').notNull().default(false),
    batteryLot: varchar('battery_lot', { length: 100 }),
    batteryExpiration: date('battery_expiration'),
    padsPackLot: varchar('pads_pack_lot', { length: 100 }),
    padsPackExpiration: date('pads_pack_expiration'),
    maintenanceAlertType: varchar('maintenance_alert_type', { length: 30 }),
    /** Months between two maintenances. */
    maintenancePeriod: integer('maintenance_period'),
    maintenanceLastDate: date('maintenance_last_date'),
    cabinetId: varchar('cabinet_id', { length: 100 }),
    sourceInfo: text('source_info'),
    externalSourceId: varchar('external_source_id', { length: 100 }),
    source: varchar('source', { length: 30 }).notNull().default('manual'),
    status: varchar('status', { length: 20 }).notNull().default('available'),
    unavailableReason: varchar('unavailable_reason', { length: 30 }),
    /** End of a temporary unavailability: a durable job puts the AED back to available then. */
    unavailableUntil: timestamp('unavailable_until', { withTimezone: true }),
    unavailableJobId: varchar('unavailable_job_id', { length: 64 }),
    /** The availability to come back to on restore. */
    statusBeforeDelete: varchar('status_before_delete', { length: 20 }),
    validated: boolean('validated').notNull().default(false),
    lastConfirmationDate: timestamp('last_confirmation_date', { withTimezone: true }),
    certified: boolean('certified').notNull().default(false),
    lastCertificationDate: date('last_certification_date'),
    /** Identifier of the national (GeoDAE / Géo'cœur) record this AED is linked to. */
    idGeocoeur: varchar('id_geocoeur', { length: 100 }),
    /** Company name (exploitant) of the linked GeoDAE record. */
    linkedGeoDae: varchar('linked_geodae', { length: 255 }),
    isLinked: boolean('is_linked').notNull().default(false),
    /** The AED on the other side of a GeoDAE link. */
    linkedAedId: integer('linked_aed_id'),
    /** Set on an AED merged into another one (then soft-deleted). */
    mergedIntoId: integer('merged_into_id'),
    searchText: text('search_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('aeds_udid_idx').on(t.udid),
    index('aeds_site_idx').on(t.idSite),
    index('aeds_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Name orders sort with the name_order collation (migration 0040, db/name-order.ts).
    index('aeds_name_idx').on(sql`${t.name} COLLATE name_order`, t.id),
    index('aeds_city_idx').on(sql`${t.city} COLLATE name_order`, t.id),
    index('aeds_lat_lon_idx').on(t.lat, t.lon),
    index('aeds_earth_idx').using('gist', sql`ll_to_earth(${t.lat}, ${t.lon})`),
    index('aeds_geocoeur_idx').on(t.idGeocoeur),
    index('aeds_external_idx').on(t.externalSourceId),
    index('aeds_serial_idx').on(t.serialNumber),
    index('aeds_brand_idx').on(t.brand, t.model),
    index('aeds_unavailable_until_idx').on(t.unavailableUntil),
  ],
);

/** Pictures of an AED, stored under DATA_DIR/files/aed/<filename>. */
export const aedFiles = pgTable(
  'aed_files',
  {
    id: serial('id').primaryKey(),
    aedId: integer('aed_id')
      .notNull()
      .references(() => aeds.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull().default('picture'),
    filename: varchar('filename', { length: 120 }).notNull(),
    originalName: varchar('original_name', { length: 255 }),
    mime: varchar('mime', { length: 60 }).notNull(),
    size: integer('size').notNull(),
    /** Total rotation applied so far, in degrees (0, 90, 180, 270). */
    rotation: smallint('rotation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('aed_files_filename_idx').on(t.filename), index('aed_files_aed_idx').on(t.aedId)],
);

/** People to call about an AED (spec §3 "AED contact"). */
export const aedContacts = pgTable(
  'aed_contacts',
  {
    id: serial('id').primaryKey(),
    aedId: integer('aed_id')
      .notNull()
      .references(() => aeds.id, { onDelete: 'cascade' }),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    function: varchar('function', { length: 120 }).notNull(),
    phoneCode: varchar('phone_code', { length: 6 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 254 }),
    /** SIREN of the company (9 digits), for an operator: GeoDAE's expt_siren. */
    siren: varchar('siren', { length: 9 }),
    contactType: varchar('contact_type', { length: 30 }).notNull(),
    defaultLanguage: varchar('default_language', { length: 10 }),
    timezone: varchar('timezone', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('aed_contacts_aed_idx').on(t.aedId)],
);

/** Problems reported on an AED (spec §3 "AED report"): onGoing, soluble, then resolved. */
export const aedReports = pgTable(
  'aed_reports',
  {
    id: serial('id').primaryKey(),
    aedId: integer('aed_id')
      .notNull()
      .references(() => aeds.id, { onDelete: 'cascade' }),
    problemType: smallint('problem_type').notNull(),
    description: text('description'),
    reporterEmail: varchar('reporter_email', { length: 254 }),
    city: varchar('city', { length: 120 }),
    status: varchar('status', { length: 20 }).notNull().default('onGoing'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by'),
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('aed_reports_aed_idx').on(t.aedId, t.status)],
);

/**
 * The search text of every AED in a narrow row of its own (account, live flag, text), kept by
 * statement triggers on aeds from its search_text: the free-text and tag searches read this
 * trigram index and, for a broad word, count its matches here, on a table five times smaller than
 * the AEDs' own (docs/performance.md "AED register").
 */
export const aedSearch = pgTable(
  'aed_search',
  {
    aedId: integer('aed_id')
      .primaryKey()
      .references(() => aeds.id, { onDelete: 'cascade' }),
    idSite: integer('id_site').notNull(),
    /** Not soft-deleted: what the list shows without a status filter. */
    live: boolean('live').notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [index('aed_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`)],
);

/** New AEDs of a bulk load awaiting their map cells, brand cells and search copy (migration 0030, aeds/upkeep.ts). */
export const aedUpkeep = pgTable('aed_upkeep', {
  aedId: integer('aed_id').primaryKey(),
});

/**
 * Pre-aggregated map clusters, kept by statement triggers on aeds (non-deleted AEDs only): per
 * zoom level (3 to 10, SQL aed_cell_max_level()), Web-Mercator grid cell and account, the count,
 * coordinate sums and id sum (equal to the AED id when count is 1). Lets a country-wide map answer
 * from a few hundred rows; finer levels, about one AED a cell, group the viewport's rows instead.
 */
export const aedMapCells = pgTable(
  'aed_map_cells',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    idSite: integer('id_site').notNull(),
    count: integer('count').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    lonSum: doublePrecision('lon_sum').notNull(),
    idSum: bigint('id_sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.cx, t.cy, t.idSite] }), index('aed_map_cells_site_idx').on(t.idSite, t.level)],
);

/**
 * The map cells again, split by brand, on the same levels (3 to 10): a brand filter, the
 * broadest filter of a register (one brand is a tenth of it), answers the country map and the list
 * counts from here instead of grouping its rows on the fly. Kept by statement triggers on aeds like
 * aed_map_cells (non-deleted AEDs with a brand); finer levels group the viewport's rows instead.
 */
export const aedBrandCells = pgTable(
  'aed_brand_cells',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    idSite: integer('id_site').notNull(),
    brand: varchar('brand', { length: 100 }).notNull(),
    count: integer('count').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    lonSum: doublePrecision('lon_sum').notNull(),
    idSum: bigint('id_sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.brand, t.level, t.cx, t.cy, t.idSite] })],
);
