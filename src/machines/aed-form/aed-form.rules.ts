import { aedErrorKeys } from '../../../contract/aed.errors';
import { aedContactInput, aedEditableFields, type AedContactInput, type AedDetail, type AedEditableField, type AedPatchBody } from '../../../contract/aed.schemas';
import type { AedAvailabilityEvent } from '../../../contract/charts/aed-availability.chart';
import { errorKeys } from '../../../contract/errors';
import type { GeoResult } from '../../../contract/geo.schemas';
import type { AedDraft, AvailabilityRequest, FieldErrors } from './aed-form.types';

/**
 * The form's rules (spec §5) as pure functions: the same zod schemas the server validates with,
 * so a range the server would refuse is refused before anything is sent.
 */

/** Spec §9: a picture may weigh 5 MB at most. */
export const maxPictureBytes = 5 * 1024 * 1024;

const keyOfMessage = (message: string) => (message.startsWith('error.') ? message : errorKeys.validation);

/** Field errors of the edits: each edited field against its schema (opening hours: format, order, overlap). */
export function validateDraft(draft: AedDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(draft) as Array<[AedEditableField, unknown]>) {
    const schema = aedEditableFields[field];
    if (!schema) continue;
    const result = schema.safeParse(value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const path = [field, ...issue.path.map(String)].join('.');
      if (!errors[path]) errors[path] = keyOfMessage(issue.message);
    }
  }
  return errors;
}

/** Field errors of a contact (spec §5): names, function and type required, an email or a phone, a valid phone and email. */
export function validateContact(contact: AedContactInput): FieldErrors {
  const result = aedContactInput.safeParse(contact);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'contact';
    if (errors[path]) continue;
    // zod's own messages (not one of our keys) mean a missing value, or a malformed email.
    errors[path] = issue.message.startsWith('error.') ? issue.message : path === 'email' ? errorKeys.invalidEmail : errorKeys.required;
  }
  return errors;
}

/** Spec §5: pictures must be images of at most 5 MB; the first broken rule's key, or null. */
export function pictureProblem(files: readonly File[]): string | null {
  if (files.some((file) => !file.type.startsWith('image/'))) return aedErrorKeys.pictureNotImage;
  if (files.some((file) => file.size > maxPictureBytes)) return aedErrorKeys.pictureTooLarge;
  return null;
}

/** The server's `details[].field` errors (a 400 on a save) as field errors, optionally under a prefix ("contacts.0."). */
export function detailsToErrors(details: unknown, fallback: string, strip = ''): FieldErrors {
  if (!Array.isArray(details)) return {};
  const errors: FieldErrors = {};
  for (const detail of details as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof detail?.field !== 'string') continue;
    const field = strip && detail.field.startsWith(strip) ? detail.field.slice(strip.length) : detail.field.replace(/^contacts\.\d+\./, '');
    errors[field] = typeof detail.message === 'string' && detail.message.startsWith('error.') ? detail.message : fallback;
  }
  return errors;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** After a save: only the edits made while it ran stay in the draft. */
export function draftAfterSave(draft: AedDraft, sent: AedDraft): AedDraft {
  return Object.fromEntries(Object.entries(draft).filter(([field, value]) => !(field in sent) || !same(value, sent[field as AedEditableField]))) as AedDraft;
}

/** An edit back to the stored value is no edit. */
export function withEdit(draft: AedDraft, aed: AedDetail | null, field: AedEditableField, value: unknown): AedDraft {
  const stored = aed ? (aed as unknown as Record<string, unknown>)[field] : undefined;
  const { [field]: _previous, ...rest } = draft;
  return same(value, stored) ? rest : { ...rest, [field]: value };
}

/** The errors of a field path and its sub-paths are cleared when the field changes. */
export function withoutErrorsOf(errors: FieldErrors, field: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => path !== field && !path.startsWith(`${field}.`)));
}

/** The patchAed body of the edits. */
export function patchOf(draft: AedDraft): AedPatchBody {
  return { ...draft } as AedPatchBody;
}

/** The chart event an availability request is. */
export function availabilityEvent(change: AvailabilityRequest): AedAvailabilityEvent {
  if (change.status === 'available') return { type: 'availability.makeAvailable' };
  if (change.status === 'inMaintenance') return { type: 'availability.startMaintenance' };
  return { type: 'availability.makeUnavailable', reason: change.reason ?? 'temporarilyUnavailable', endDate: change.endDate ?? undefined };
}

/** What the popup must say before asking the server (spec §4): a reason for unavailable, an end date in the future. */
export function availabilityProblem(change: AvailabilityRequest, now: number): string | null {
  if (change.status === 'unavailable' && !change.reason) return aedErrorKeys.reasonRequired;
  if (change.endDate) {
    const end = Date.parse(change.endDate.length === 10 ? `${change.endDate}T00:00:00` : change.endDate);
    if (!Number.isFinite(end) || end <= now) return aedErrorKeys.endDatePast;
  }
  return null;
}

/** The edits a geocoding answer makes: the pin, and the city and zip code when they were blank. */
export function placeEdits(result: GeoResult, current: { city?: unknown; zipCode?: unknown }): AedDraft {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    lat: round(result.lat),
    lon: round(result.lon),
    ...(current.city ? {} : { city: result.city }),
    ...(current.zipCode ? {} : { zipCode: result.zipCode }),
  };
}

/**
 * The address a reverse geocoding answer names, as a whole: number and street, zip code, city,
 * country. A commune-only answer empties the street rather than keep the old one in the new town.
 */
export function addressEdits(result: GeoResult): AedDraft {
  return { address: result.street || null, city: result.city, zipCode: result.zipCode, country: result.countryCode.toUpperCase() };
}

/** The udid of the page that creates an AED (PATCH patchAed/new). */
export const newAedUdid = 'new';

/** What the form shows before a new AED is saved: nothing but the map's starting place (spec §9). */
export function blankAed(): AedDetail {
  const empty = null;
  return {
    id: 0,
    udid: newAedUdid,
    idAed: empty,
    idSite: 0,
    accountName: '',
    accountKind: 'internal',
    name: '',
    address: empty,
    address2: empty,
    building: empty,
    floor: empty,
    zipCode: empty,
    city: empty,
    state: empty,
    country: 'FR',
    description: empty,
    lat: 45.75,
    lon: 3.08,
    altitude: empty,
    position: empty,
    accessibility: empty,
    alwaysOpened: false,
    positionToCheck: false,
    openingHours: {},
    itinerant: false,
    brand: empty,
    model: empty,
    softwareVersion: empty,
    serialNumber: empty,
    installDate: empty,
    privateComment: empty,
    inspectedBy: empty,
    lastInspection: empty,
    padsLot: empty,
    padsExpiration: empty,
    childPadsLot: empty,
    childPadsExpiration: empty,
    hasChildPads: false,
    batteryLot: empty,
    batteryExpiration: empty,
    padsPackLot: empty,
    padsPackExpiration: empty,
    maintenanceAlertType: empty,
    maintenancePeriod: empty,
    maintenanceLastDate: empty,
    cabinetId: empty,
    sourceInfo: empty,
    externalSourceId: empty,
    source: 'manual',
    status: 'available',
    unavailableReason: empty,
    unavailableUntil: empty,
    validated: false,
    lastConfirmationDate: empty,
    certified: false,
    lastCertificationDate: empty,
    idGeocoeur: empty,
    linkedGeoDae: empty,
    isLinked: false,
    mergedIntoId: empty,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    deletedAt: empty,
    distance: empty,
    vigilance: { battery: 'unknown', pads: 'unknown', childPads: 'none', alert: false, confirmation: 'never' },
    geoDaeMissing: [],
    pictures: [],
    contacts: [],
    reports: [],
  };
}

/** Whether the AED exists on the server (a new one does once saved). */
export const isStored = (aed: AedDetail | null) => aed !== null && aed.id > 0;

/**
 * What a save sends: the edits; for a new AED also the fields a creation needs (spec §5: adding an
 * AED needs the name; the server needs its place).
 */
export function sendableDraft(aed: AedDetail | null, draft: AedDraft): AedDraft {
  if (!aed || isStored(aed)) return draft;
  return { name: aed.name, lat: aed.lat, lon: aed.lon, country: aed.country, ...draft };
}
