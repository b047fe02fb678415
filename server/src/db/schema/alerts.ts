import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { responders } from './responders';

/** Alerts (interventions), spec §3. `status` 1 set up, 2 live, 3 closed follows contract/charts/alert.chart.ts. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    alertType: smallint('alert_type').notNull().default(1),
    /** The account the alert belongs to: who may see and change it. */
    idSite: integer('id_site')
      .notNull()
      .references(() => accounts.id),
    address: text('address').notNull().default(''),
    addressInfo: text('address_info').notNull().default(''),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    countryCode: varchar('country_code', { length: 2 }).notNull().default('FR'),
    /** housenumber, street, municipality (pin must be moved) or manual (coordinates given). */
    precision: varchar('precision', { length: 16 }),
    /** km */
    distanceMax: real('distance_max').notNull(),
    nbRequests: integer('nb_requests').notNull().default(0),
    nbPotentialBs: integer('nb_potential_bs').notNull().default(0),
    status: smallint('status').notNull().default(1),
    close: smallint('close').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Launch date (spec `date`). */
    launchedAt: timestamp('launched_at', { withTimezone: true }),
    /** km the address moved at its last update. */
    distance: real('distance').notNull().default(0),
    nbEngaged: integer('nb_engaged').notNull().default(0),
    nbRefused: integer('nb_refused').notNull().default(0),
    /** Requests that set off (accepted_at set), kept by a trigger: the history's "set off only" filter. */
    nbDepartures: integer('nb_departures').notNull().default(0),
    /** The statuses of the alert's call-backs as bits (callbackStatusBit), kept by triggers: the history's call-back tags. */
    callbackMask: smallint('callback_mask').notNull().default(0),
    test: boolean('test').notNull().default(false),
    debugMode: smallint('debug_mode').notNull().default(0),
    /** Call-back status (spec §4): alertInProgress while open, toDo once closed; later issues move it on. */
    contactStatus: varchar('contact_status', { length: 24 }).notNull().default('alertInProgress'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
    autoCloseAt: timestamp('auto_close_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id),
    /** user or auto */
    closeReason: varchar('close_reason', { length: 8 }),
  },
  (t) => [
    index('alerts_site_open_idx').on(t.idSite, t.close, t.status),
    index('alerts_created_idx').on(t.createdAt),
    index('alerts_auto_close_idx').on(t.autoCloseAt).where(sql`close = 0`),
  ],
);

/** One request per responder per alert: the responder's status on it (responder-request chart) and its history. */
export const alertRequests = pgTable(
  'alert_requests',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    responderId: integer('responder_id')
      .notNull()
      .references(() => responders.id),
    status: varchar('status', { length: 20 }).notNull().default('available'),
    /** victim: straight to the victim; aed: fetch the AED first. */
    mission: varchar('mission', { length: 8 }).notNull().default('victim'),
    /** The AED to fetch (a row of the AED register), with its place copied at selection time. */
    aedId: integer('aed_id'),
    aedName: varchar('aed_name', { length: 300 }),
    aedAddress: text('aed_address'),
    aedLat: doublePrecision('aed_lat'),
    aedLon: doublePrecision('aed_lon'),
    /** Metres from the responder to the victim at selection time. */
    distance: integer('distance').notNull(),
    /** Seconds of walking planned at selection time (via the AED for an AED mission). */
    duration: integer('duration').notNull(),
    /** Rank in the selection (0 = nearest). */
    rank: integer('rank').notNull().default(0),
    refusalReason: varchar('refusal_reason', { length: 20 }),
    /** True while the alert is open; cleared when it closes, so "busy elsewhere" never looks at past alerts. */
    alertOpen: boolean('alert_open').notNull().default(true),
    /**
     * The launch's push messages are still to be written for this request: the launch commits its
     * requests with it set, and the push delivery writes one outbox row per device and clears it.
     */
    alertPushPending: boolean('alert_push_pending').notNull().default(false),
    /** [{ status, at, by }] oldest first. */
    statusHistory: jsonb('status_history').notNull().default(sql`'[]'::jsonb`),
    /** When the responder first accepted (the first `dispatched` of status_history), kept by a trigger for the statistics. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_requests_alert_responder_idx').on(t.alertId, t.responderId),
    // "Busy elsewhere": a responder's engaged or stand-by requests on open alerts (a small index).
    index('alert_requests_busy_idx')
      .on(t.responderId)
      .where(sql`alert_open AND status IN ('dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim', 'waiting')`),
    index('alert_requests_responder_idx').on(t.responderId, t.createdAt),
    index('alert_requests_push_pending_idx').on(t.id).where(sql`alert_push_pending`),
    // Departures per alert (history, referent statistics): the requests that accepted, with when.
    index('alert_requests_accepted_idx').on(t.alertId, t.acceptedAt, t.responderId).where(sql`accepted_at IS NOT NULL`),
  ],
);

/** What happened to an alert, when and by whom: the chronology of the history screen. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** setUp, launched, addressChanged, closed, responderStopped, responderStarted, requestStatus... */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** user, responder, bot or system */
    actorType: varchar('actor_type', { length: 10 }).notNull(),
    actorId: integer('actor_id'),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('alert_events_alert_idx').on(t.alertId, t.at)],
);
