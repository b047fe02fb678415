import { z } from 'zod';
import { aedUnavailableReasons } from './charts/aed-availability.chart';
import { aedErrorKeys } from './aed.errors';
import { aedContactTypes, aedMaintenanceAlertTypes, aedProblemTypeValues, aedSources } from './aed-options';

/** Schemas of one AED: its fields, opening hours, pictures, contacts, reports and the patchAed body. */

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();
const day = z.iso.date();
const optionalDay = day.nullable().optional();

// ---- Opening hours ---------------------------------------------------------------------------

const time = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const weekdays = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** One opening range, local time "HH:mm" (close may be "24:00"). */
export const openingRange = z.object({ open: z.string(), close: z.string() });

/**
 * Opening hours: weekday "1" (Monday) … "7" (Sunday) → ranges. Each time must be valid, open before
 * close, and the ranges of a day must not overlap (spec §5).
 */
export const openingHours = z
  .partialRecord(z.enum(weekdays), z.array(openingRange).max(6))
  .superRefine((hours, ctx) => {
    for (const [weekday, ranges] of Object.entries(hours)) {
      const sorted = [...(ranges ?? [])].sort((a, b) => a.open.localeCompare(b.open));
      for (const [index, range] of (ranges ?? []).entries()) {
        if (!time.test(range.open) || !time.test(range.close) || range.open === '24:00') {
          ctx.addIssue({ code: 'custom', message: aedErrorKeys.hoursInvalid, path: [weekday, index] });
        } else if (range.open >= range.close) {
          ctx.addIssue({ code: 'custom', message: aedErrorKeys.hoursOrder, path: [weekday, index] });
        }
      }
      for (let i = 1; i < sorted.length; i += 1) {
        if (sorted[i].open < sorted[i - 1].close) ctx.addIssue({ code: 'custom', message: aedErrorKeys.hoursOverlap, path: [weekday] });
      }
    }
  });
export type OpeningHoursInput = z.infer<typeof openingHours>;

// ---- Contacts --------------------------------------------------------------------------------

/** International calling code, "+33" or "33". */
const phoneCode = /^\+?[1-9]\d{0,3}$/;

/** Whether a national number is valid for its calling code (France and Luxembourg checked closely, E.164 otherwise). */
export function isValidPhone(code: string, number: string): boolean {
  const digits = number.replace(/[\s.\-()]/g, '');
  if (!/^\d+$/.test(digits)) return false;
  const cc = code.replace('+', '');
  if (['33', '590', '594', '262', '596', '269', '687', '689', '508', '681'].includes(cc)) return /^0?[1-9]\d{8}$/.test(digits);
  if (cc === '352') return /^\d{6,11}$/.test(digits);
  return digits.length >= 4 && cc.length + digits.replace(/^0/, '').length <= 15;
}

/**
 * A French company number (SIREN): 9 digits whose Luhn sum is a multiple of 10, as GeoDAE checks
 * expt_siren (schema-dae's `french-siren-value`).
 */
export function isValidSiren(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const sum = [...value].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return sum % 10 === 0;
}

/**
 * An AED contact (spec §5): first name, last name, function and contact type required, at least
 * one of email or phone; a phone needs its code and must be valid; an email must be valid.
 */
export const aedContactInput = z
  .object({
    id: z.number().int().positive().optional(),
    firstName: text(100).min(1, aedErrorKeys.contactInvalid),
    lastName: text(100).min(1, aedErrorKeys.contactInvalid),
    function: text(120).min(1, aedErrorKeys.contactInvalid),
    phoneCode: text(6).nullable().optional(),
    phone: text(20).nullable().optional(),
    email: z.union([z.literal(''), z.email().max(254)]).nullable().optional(),
    contactType: z.enum(aedContactTypes),
    defaultLanguage: optionalText(10),
    timezone: optionalText(64),
    /** The company's SIREN, for an operator (GeoDAE declaration); spaces are dropped. */
    siren: z
      .string()
      .transform((value) => value.replace(/\s/g, ''))
      .refine((value) => value === '' || isValidSiren(value), aedErrorKeys.contactSirenInvalid)
      .nullable()
      .optional(),
  })
  .superRefine((contact, ctx) => {
    if (!contact.email && !contact.phone) ctx.addIssue({ code: 'custom', message: aedErrorKeys.contactEmailOrPhone, path: ['email'] });
    if (contact.phone) {
      if (!contact.phoneCode || !phoneCode.test(contact.phoneCode) || !isValidPhone(contact.phoneCode, contact.phone)) {
        ctx.addIssue({ code: 'custom', message: aedErrorKeys.contactPhoneInvalid, path: ['phone'] });
      }
    }
  });
export type AedContactInput = z.infer<typeof aedContactInput>;

export const aedContact = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  function: z.string(),
  phoneCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  contactType: z.string(),
  defaultLanguage: z.string().nullable(),
  timezone: z.string().nullable(),
  siren: z.string().nullable(),
});
export type AedContact = z.infer<typeof aedContact>;

// ---- Pictures and reports --------------------------------------------------------------------

export const aedPicture = z.object({
  id: z.number().int(),
  type: z.string(),
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
  rotation: z.number().int(),
  /** GET path of the picture bytes (needs the Authorization header). */
  url: z.string(),
  createdAt: z.string(),
});
export type AedPicture = z.infer<typeof aedPicture>;

export const aedReportStatuses = ['onGoing', 'soluble', 'resolved'] as const;
export const aedReport = z.object({
  id: z.number().int(),
  date: z.string(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  problemType: z.number().int(),
  city: z.string().nullable(),
  status: z.enum(aedReportStatuses),
  resolvedAt: z.string().nullable(),
  mailSentAt: z.string().nullable(),
});
export type AedReport = z.infer<typeof aedReport>;

// ---- The AED ---------------------------------------------------------------------------------

/** The data fields a user edits (spec §3 "AED"), all optional in a patch; null clears a value. */
export const aedEditableFields = {
  idAed: optionalText(100),
  name: text(255).min(1, aedErrorKeys.nameRequired),
  address: optionalText(255),
  address2: optionalText(255),
  building: optionalText(120),
  floor: optionalText(40),
  zipCode: optionalText(20),
  city: optionalText(120),
  state: optionalText(120),
  country: z.string().regex(/^[A-Z]{2}$/),
  description: optionalText(4000),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  altitude: z.number().min(-500).max(9000).nullable().optional(),
  position: z.union([z.literal(1), z.literal(2)]).nullable().optional(),
  accessibility: z.union([z.literal(1), z.literal(2)]).nullable().optional(),
  alwaysOpened: z.boolean(),
  openingHours,
  itinerant: z.boolean(),
  brand: optionalText(100),
  model: optionalText(100),
  softwareVersion: optionalText(60),
  serialNumber: optionalText(100),
  installDate: optionalDay,
  privateComment: optionalText(4000),
  inspectedBy: optionalText(200),
  lastInspection: optionalDay,
  padsLot: optionalText(100),
  padsExpiration: optionalDay,
  childPadsLot: optionalText(100),
  childPadsExpiration: optionalDay,
  hasChildPads: z.boolean(),
  batteryLot: optionalText(100),
  batteryExpiration: optionalDay,
  padsPackLot: optionalText(100),
  padsPackExpiration: optionalDay,
  maintenanceAlertType: z.enum(aedMaintenanceAlertTypes).nullable().optional(),
  maintenancePeriod: z.number().int().min(1).max(120).nullable().optional(),
  maintenanceLastDate: optionalDay,
  cabinetId: optionalText(100),
  sourceInfo: optionalText(2000),
  externalSourceId: optionalText(100),
  source: z.enum(aedSources),
} as const;
export type AedEditableField = keyof typeof aedEditableFields;
export const aedEditableFieldNames = Object.keys(aedEditableFields) as AedEditableField[];

/** Availability change asked through patchAed; the chart decides whether it is legal. */
export const availabilityChange = z.object({
  status: z.enum(['available', 'inMaintenance', 'unavailable']),
  reason: z.enum(aedUnavailableReasons).optional(),
  /** End of a temporary unavailability (ISO date-time or date); the AED becomes available by itself then. */
  endDate: z.union([z.iso.datetime({ offset: true }), day]).nullable().optional(),
});

/**
 * Body of PATCH aed/patchAed/{udid} (JSON, or the multipart field `data` beside `pictures` files).
 * udid "new" creates an AED in idSite (default: the caller's account) and then needs name, lat, lon.
 */
export const aedPatchBody = z
  .object({
    ...Object.fromEntries(Object.entries(aedEditableFields).map(([key, schema]) => [key, schema.optional()])),
    idSite: z.number().int().positive().optional(),
    availability: availabilityChange.optional(),
    certification: z.object({ certified: z.boolean(), date: day.optional() }).optional(),
    /** Confirms the data is right today: validated and last confirmation date. */
    confirm: z.boolean().optional(),
    /** Contacts to add (no id) or update (with id); deleting is DELETE aed/contact/{id}. */
    contacts: z.array(aedContactInput).max(20).optional(),
  })
  .strict() as unknown as z.ZodType<AedPatchBody>;

export type AedPatchBody = Partial<{ [K in AedEditableField]: z.infer<(typeof aedEditableFields)[K]> }> & {
  idSite?: number;
  availability?: z.infer<typeof availabilityChange>;
  certification?: { certified: boolean; date?: string };
  confirm?: boolean;
  contacts?: AedContactInput[];
};

export const vigilance = z.object({
  battery: z.enum(['ok', 'soon', 'expired', 'unknown']),
  pads: z.enum(['ok', 'soon', 'expired', 'unknown']),
  childPads: z.enum(['ok', 'soon', 'expired', 'unknown', 'none']),
  alert: z.boolean(),
  confirmation: z.enum(['never', 'under3Months', 'under6Months', 'under1Year', 'over1Year']),
});

const nullableString = z.string().nullable();

/** One AED as getAed answers it: every field, its account, vigilance, pictures, contacts and reports. */
export const aedDetail = z.object({
  id: z.number().int(),
  udid: z.string(),
  idAed: nullableString,
  idSite: z.number().int(),
  accountName: z.string(),
  accountKind: z.string(),
  name: z.string(),
  address: nullableString,
  address2: nullableString,
  building: nullableString,
  floor: nullableString,
  zipCode: nullableString,
  city: nullableString,
  state: nullableString,
  country: z.string(),
  description: nullableString,
  lat: z.number(),
  lon: z.number(),
  altitude: z.number().nullable(),
  position: z.number().int().nullable(),
  accessibility: z.number().int().nullable(),
  alwaysOpened: z.boolean(),
  /** Placed at its commune's centre by an import: the position must be checked (cleared when staff move it). */
  positionToCheck: z.boolean(),
  openingHours: z.record(z.string(), z.array(openingRange)),
  itinerant: z.boolean(),
  brand: nullableString,
  model: nullableString,
  softwareVersion: nullableString,
  serialNumber: nullableString,
  installDate: nullableString,
  privateComment: nullableString,
  inspectedBy: nullableString,
  lastInspection: nullableString,
  padsLot: nullableString,
  padsExpiration: nullableString,
  childPadsLot: nullableString,
  childPadsExpiration: nullableString,
  hasChildPads: z.boolean(),
  batteryLot: nullableString,
  batteryExpiration: nullableString,
  padsPackLot: nullableString,
  padsPackExpiration: nullableString,
  maintenanceAlertType: nullableString,
  maintenancePeriod: z.number().int().nullable(),
  maintenanceLastDate: nullableString,
  cabinetId: nullableString,
  sourceInfo: nullableString,
  externalSourceId: nullableString,
  source: z.string(),
  status: z.enum(['available', 'inMaintenance', 'unavailable', 'deleted']),
  unavailableReason: nullableString,
  unavailableUntil: nullableString,
  validated: z.boolean(),
  lastConfirmationDate: nullableString,
  certified: z.boolean(),
  lastCertificationDate: nullableString,
  idGeocoeur: nullableString,
  linkedGeoDae: nullableString,
  isLinked: z.boolean(),
  mergedIntoId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: nullableString,
  /** Distance in km from ?lat&lon of the request, when given. */
  distance: z.number().nullable(),
  vigilance,
  /** The mandatory GeoDAE columns the AED cannot fill yet (empty: ready for the declaration), as in the list. */
  geoDaeMissing: z.array(z.string()),
  pictures: z.array(aedPicture),
  contacts: z.array(aedContact),
  reports: z.array(aedReport),
});
export type AedDetail = z.infer<typeof aedDetail>;

export const aedIdParams = z.object({ id: z.string().min(1).max(64) });
export const aedUdidParams = z.object({ udid: z.string().min(1).max(64) });
export const udidBody = z.object({ udid: z.string().min(1).max(64) });

/** POST backOffice/aed/reportProblem: anyone signed in reports a problem on an AED (id or udid). */
export const reportProblemBody = z.object({
  idData: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
  /** Problem type 1-7 (aedProblemTypes). */
  problem: z.number().int().min(1).max(aedProblemTypeValues.length),
  email: z.email().max(254).nullable().optional(),
  description: optionalText(2000),
  city: optionalText(120),
});
export type ReportProblemBody = z.input<typeof reportProblemBody>;

// ---- Opening hours of a selection ------------------------------------------------------------

/** Bulk edit of the list's selection: the same hours for every AED (always open, or weekly ranges). */
export const bulkHoursBody = z.object({
  udids: z.array(z.guid()).min(1).max(500),
  alwaysOpened: z.boolean(),
  /** The week when not always open; days left out are closed. Always open keeps each AED's week, unused (as the form does). */
  openingHours: openingHours.default({}),
});
export type BulkHoursBody = z.infer<typeof bulkHoursBody>;

export const bulkHoursResult = z.object({ updated: z.number().int() });
