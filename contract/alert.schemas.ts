import { z } from 'zod';
import { requestStatuses } from './charts/responder-request.chart';

/**
 * Requests and responses of the alert calls of spec §7 (/services/emergency/v2/...). Every success
 * body is `{ data: ... }`: what the spec calls "data.data for alerts" is that `data` field as an
 * HTTP client that itself wraps the body in `data` sees it. Field names the spec leaves open are
 * chosen here, once; docs/api-alerts.md describes them.
 */

/** Alert types of spec §3: 1 cardiac arrest, 3 road accident, 4 bleeding, 5 other medical emergency, 6 fire outbreak, 7 unconscious person. */
export const alertTypes = [1, 3, 4, 5, 6, 7] as const;
export const alertType = z.literal(alertTypes);
export type AlertType = (typeof alertTypes)[number];

/** Debug modes of spec §3: 0 production, 1 test interface, 3 test interface plus bots. */
export const debugModes = [0, 1, 3] as const;
export const debugMode = z.literal(debugModes);
export type DebugMode = z.infer<typeof debugMode>;

/** The site id labelled "test site" (spec §3): an alert set up on it is a test alert of the caller's own account. */
export const testSiteId = 0;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const isoDate = z.string();

const option = z.object({ value: z.number().int(), label: z.string() });

/** GET /services/emergency/v2/options */
export const alertOptions = z.object({
  alertTypes: z.array(option),
  debugModes: z.array(option),
  /** Debug mode preselected for the caller (0 production). */
  debugMode: debugMode,
  /** Sites an alert may be set up on: 0 (test site) and the caller's account and its children. */
  sites: z.array(option),
  positionInit: z.object({ lat: z.number(), lng: z.number() }),
  zoomInit: z.number().int(),
  /** Radius, in km, within which responders are alerted. */
  distanceMax: z.number(),
  /** Farthest, in km, an address may move on a launched alert before a new intervention is needed. */
  maxAddressMoveKm: z.number(),
  /** Seconds after launch at which an open intervention closes by itself. */
  autoCloseSeconds: z.number().int(),
  countryCode: z.string(),
});
export type AlertOptions = z.infer<typeof alertOptions>;

/** Where the coordinates of an alert come from: the geocoder's precision, or `manual` for a placed pin. */
export const positionPrecision = z.enum(['housenumber', 'street', 'municipality', 'manual']);

/** The person who closed an alert. Null with closeReason 'auto'. */
export const closedBy = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() });

/** An alert (spec §3). Dates are ISO 8601 strings. */
export const alert = z.object({
  alertId: z.number().int(),
  alertType: z.number().int(),
  idSite: z.number().int(),
  address: z.string(),
  addressInfo: z.string(),
  lon: z.number(),
  lat: z.number(),
  countryCode: z.string(),
  /** km */
  distanceMax: z.number(),
  /** Responders alerted at launch (one request each). */
  nbRequests: z.number().int(),
  /** Responders reachable: the preview at set-up, the candidates found at launch. */
  nbPotentialBS: z.number().int(),
  /** 1 set up (draft), 2 live, 3 closed. */
  status: z.number().int(),
  state: z.enum(['settingUp', 'live', 'closed']),
  /** 0 open, 1 closed. */
  close: z.number().int(),
  creationDate: isoDate,
  /** Launch date; null for a draft. */
  date: isoDate.nullable(),
  /** How far, in km, the address moved at its last update (0 when it never moved). */
  distance: z.number(),
  nbEngaged: z.number().int(),
  nbRefused: z.number().int(),
  test: z.boolean(),
  debugMode: z.number().int(),
  /** Call-back status of spec §4: alertInProgress while open, then toDo, noAnswer, done, recall... */
  contactStatus: z.string(),
  updateDate: isoDate,
  precision: positionPrecision.nullable(),
  /** Set when the geocoder placed the victim at commune precision and nobody moved the pin since. */
  needsPinMove: z.boolean(),
  autoCloseAt: isoDate.nullable(),
  closedAt: isoDate.nullable(),
  closedBy: closedBy.nullable(),
  /** 'user' when someone closed it, 'auto' for the 20-minute close; null while open. */
  closeReason: z.enum(['user', 'auto']).nullable(),
});
export type Alert = z.infer<typeof alert>;

/** An AED around the victim, as set-up returns them (spec §4 "sets the AED list"). */
export const nearbyAed = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** Metres from the victim, as the crow flies. */
  distance: z.number().int(),
  /** Available now: availability status and opening hours for the current Europe/Paris time, or 24/7. */
  availableNow: z.boolean(),
  alwaysOpened: z.boolean(),
});
export type NearbyAed = z.infer<typeof nearbyAed>;

/** GET /services/emergency/v2/alerts/{alertId}: the alert and the AEDs around its victim now (as set-up gave them). */
/** One step of the automatic escalation: when, the radius it widened to, how many responders it alerted. */
export const alertEscalation = z.object({ step: z.number().int(), at: z.string(), radiusKm: z.number(), nbRequests: z.number().int() });
export type AlertEscalation = z.infer<typeof alertEscalation>;

export const alertDetails = alert.extend({ aeds: z.array(nearbyAed), escalations: z.array(alertEscalation) });
export type AlertDetails = z.infer<typeof alertDetails>;

const placeFields = {
  lon: longitude.optional(),
  lat: latitude.optional(),
  address: z.string().trim().max(500).default(''),
  addressInfo: z.string().max(2000).default(''),
  countryCode: z.string().length(2).toUpperCase().optional(),
};

/** PUT /services/emergency/v2/alertSettingUp. Without lon/lat the address is geocoded. */
export const setUpBody = z.object({
  alertId: z.number().int().positive().optional(),
  ...placeFields,
  alertType: alertType.optional(),
  /** Extension: 0 production (default), 1 test interface, 3 test interface plus bots. */
  debugMode: debugMode.optional(),
  /** Extension: the site the alert belongs to (0 = test site); default the caller's account. */
  idSite: z.number().int().min(0).optional(),
});
export type SetUpBody = z.infer<typeof setUpBody>;

export const setUpResult = z.object({
  /** The draft, or null when the address was not found and no draft exists yet. */
  alert: alert.nullable(),
  /** The address was not found: "check the spelling" (key error.alert.address-not-found). */
  wrongAddress: z.boolean(),
  /** Commune precision: the pin must be moved (key error.alert.address-imprecise). */
  needsPinMove: z.boolean(),
  /** The message key to show, if any. */
  msg: z.string().nullable(),
  nbPotentialBS: z.number().int(),
  aeds: z.array(nearbyAed),
});
export type SetUpResult = z.infer<typeof setUpResult>;

/** POST /services/emergency/v2/alertLaunch. alertId launches a draft; without it a new alert is created and launched. */
export const launchBody = z.object({
  alertId: z.number().int().positive().optional(),
  ...placeFields,
  alertType: alertType.default(1),
  debugMode: debugMode.optional(),
  idSite: z.number().int().min(0).optional(),
});
export type LaunchBody = z.infer<typeof launchBody>;

export const alertIdParams = z.object({ alertId: z.coerce.number().int().positive() });

const flag = z.coerce.number().int().min(0).max(1);

/** GET /services/emergency/v2/alerts: the live list is close=0&status=2. */
export const alertListQuery = z.object({
  close: flag.optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
  alertType: z.coerce.number().int().optional(),
  test: flag.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Only the alerts of this site (0: the test alerts of the caller's own account); it must be in the caller's subtree. */
  idSite: z.coerce.number().int().min(0).optional(),
});
export type AlertListQuery = z.infer<typeof alertListQuery>;

/** POST /services/emergency/v2/alert/{alertId}: a new address (at most 0.3 km from the current one once launched). */
export const updateAddressBody = z.object(placeFields);
export type UpdateAddressBody = z.infer<typeof updateAddressBody>;

/** GET /services/emergency/v2/citizenRespondersOnCall */
export const onCallQuery = z.object({ alertId: z.coerce.number().int().positive(), lang: z.string().max(10).default('fr') });

export const alertIdBody = z.object({ alertId: z.coerce.number().int().positive() });
/** POST .../stopCitizenResponder and .../startCitizenResponder: id is the card's `id` (the request). */
export const responderOnAlertBody = z.object({ alertId: z.coerce.number().int().positive(), id: z.coerce.number().int().positive() });

export const requestStatus = z.enum(requestStatuses);
export const mission = z.enum(['victim', 'aed']);

/** The AED a responder is sent to fetch. */
export const missionAed = z.object({ id: z.number().int(), name: z.string(), address: z.string(), lat: z.number(), lon: z.number() });

/** A citizen responder on an alert (spec §3 "Citizen responder card"). */
export const responderCard = z.object({
  /** The request (this responder on this alert): what stop and start name as `id`. */
  id: z.number().int(),
  citizenResponderId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  /** Metres from the responder's last position to the victim, as the crow flies. */
  distance: z.number().int().nullable(),
  /** Seconds of walking left (via the AED while it is still to fetch). */
  duration: z.number().int().nullable(),
  phone: z.string(),
  email: z.string(),
  /** The responder carries an AED. */
  aed: z.boolean(),
  trainedStatus: z.enum(['trained', 'untrained', 'trainedWithoutDiploma']),
  skill: z.string().nullable(),
  skillSpeciality: z.string().nullable(),
  nbInterventions: z.number().int(),
  certificated: z.boolean(),
  /** How to reach the responder: 'phone' (no video session yet). */
  contact: z.string(),
  videoSessionId: z.string().nullable(),
  videoToken: z.string().nullable(),
  status: requestStatus,
  mission,
  alertInfo: z.object({
    /** The responder's last known position. */
    lon: z.number().nullable(),
    lat: z.number().nullable(),
    positionDate: isoDate.nullable(),
    aed: missionAed.nullable(),
    status: requestStatus,
  }),
  statusHistory: z.array(z.object({ status: requestStatus, at: isoDate, by: z.string() })),
  updateDate: isoDate,
});
export type ResponderCard = z.infer<typeof responderCard>;
