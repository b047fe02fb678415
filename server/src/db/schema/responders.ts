import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A point on the earth as the `earthdistance` extension models it (a 3-D `cube`). Written as
 * `ll_to_earth(lat, lon)` by the SQL that stores a position; kept in a plain column (not an
 * expression index) so that ANALYZE and dump/restore never have to call ll_to_earth.
 */
export const earth = customType<{ data: string; driverData: string }>({ dataType: () => 'cube' });

/** Citizen responders: volunteers who receive alerts on their phone (spec §3 "Citizen responder card"). */
export const responders = pgTable(
  'responders',
  {
    id: serial('id').primaryKey(),
    /** The application / account the responder signed up through (null for the programme at large). */
    idSite: integer('id_site').references(() => accounts.id),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull(),
    age: smallint('age'),
    /** female, male, other, undisclosed */
    gender: varchar('gender', { length: 20 }),
    /** trained, untrained, trainedWithoutDiploma */
    trainedStatus: varchar('trained_status', { length: 24 }).notNull().default('untrained'),
    skill: varchar('skill', { length: 100 }),
    skillSpeciality: varchar('skill_speciality', { length: 100 }),
    carriesAed: boolean('carries_aed').notNull().default(false),
    /** activated, refused, waiting (validation by staff). Only activated responders are alerted. */
    accountStatus: varchar('account_status', { length: 12 }).notNull().default('waiting'),
    interventionsCount: integer('interventions_count').notNull().default(0),
    certificated: boolean('certificated').notNull().default(false),
    /** Reference of the uploaded diploma file (the validation issue stores and shows it). */
    diplomaFile: varchar('diploma_file', { length: 300 }),
    language: varchar('language', { length: 10 }).notNull().default('fr'),
    /** Receives test alerts (debug mode 1); managed by tester management. */
    isTester: boolean('is_tester').notNull().default(false),
    /** A simulated responder (debug mode 3): only ever alerted by test alerts with bots. */
    isBot: boolean('is_bot').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('responders_email_idx').on(t.email), index('responders_site_idx').on(t.idSite)],
);

/** The phones (or browsers) of a responder: where push messages go, and what authenticates them. */
export const responderDevices = pgTable(
  'responder_devices',
  {
    id: serial('id').primaryKey(),
    responderId: integer('responder_id')
      .notNull()
      .references(() => responders.id, { onDelete: 'cascade' }),
    /** ios, android, web */
    os: varchar('os', { length: 10 }).notNull(),
    pushToken: text('push_token'),
    buildVersion: varchar('build_version', { length: 40 }),
    udid: varchar('udid', { length: 200 }).notNull(),
    /** SHA-256 of the device token the responder API authenticates with; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    active: boolean('active').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('responder_devices_token_idx').on(t.tokenHash),
    uniqueIndex('responder_devices_udid_idx').on(t.responderId, t.udid),
  ],
);

/**
 * The last known position and availability of each responder. The partial GiST index on the
 * `earth` point of available responders is what makes the radius search of alert set-up and
 * launch cheap at a million responders.
 */
export const responderPositions = pgTable(
  'responder_positions',
  {
    responderId: integer('responder_id')
      .primaryKey()
      .references(() => responders.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    earth: earth('earth').notNull(),
    /** Metres, as reported by the phone. */
    accuracy: real('accuracy'),
    available: boolean('available').notNull().default(true),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Copies of responders.account_status = 'activated', is_bot, is_tester and carries_aed, kept by
     * triggers (migrations 0012, 0026): the radius search filters and plans missions on them without
     * visiting the responders table.
     */
    activated: boolean('activated').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    isTester: boolean('is_tester').notNull().default(false),
    carriesAed: boolean('carries_aed').notNull().default(false),
  },
  (t) => [index('responder_positions_earth_idx').using('gist', t.earth).where(sql`available`)],
);

/**
 * Sampled history of the available responders' positions (migration 0042, docs/decisions.md
 * "Position samples"): a durable job copies them every RESPONDER_SAMPLE_MINUTES and prunes what is
 * older than RESPONDER_SAMPLE_WEEKS. The coverage-gap map and the alert-policy simulator read it.
 */
export const responderPositionSamples = pgTable(
  'responder_position_samples',
  {
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    responderId: integer('responder_id')
      .notNull()
      .references(() => responders.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    carriesAed: boolean('carries_aed').notNull().default(false),
    /** The slot's Europe/Paris day type and hour: the hour band the analysts' tools read. */
    weekend: boolean('weekend').notNull(),
    localHour: smallint('local_hour').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sampledAt, t.responderId] }),
    index('responder_position_samples_band_idx').on(t.weekend, t.localHour, t.sampledAt),
    // Migration 0045: the simulator's look-up of one slot's responders within a latitude band (with INCLUDE (lon, responder_id, carries_aed)).
    index('responder_position_samples_slot_lat_idx').on(t.sampledAt, t.lat),
  ],
);
