import type { SnapshotFrom } from 'xstate';
import { alertTypes, debugModes, type Alert, type AlertType, type DebugMode, type ResponderCard } from '../../../contract/alert.schemas';
import { engagedStatuses, type RequestStatus } from '../../../contract/charts/responder-request.chart';
import type { alertMachine } from './alert.machine';

export type AlertSnapshot = SnapshotFrom<typeof alertMachine>;

/** One name per screen the alert page renders (the `snapshotToState` of the Expensify split). */
export type AlertPhase = 'loading' | 'optionsFailed' | 'editing' | 'launching' | 'live' | 'closing' | 'closed' | 'closedElsewhere';

export function phaseOf(snapshot: AlertSnapshot): AlertPhase {
  if (snapshot.matches('loadingOptions') || snapshot.matches('routing') || snapshot.matches('resuming')) return 'loading';
  if (snapshot.matches('optionsFailed')) return 'optionsFailed';
  if (snapshot.matches('editing')) return 'editing';
  if (snapshot.matches('launching')) return 'launching';
  if (snapshot.matches('live')) return 'live';
  if (snapshot.matches('closing') || snapshot.matches('replacing')) return 'closing';
  if (snapshot.matches('closedElsewhere')) return 'closedElsewhere';
  return 'closed';
}

/** Where setting up stands before launch. */
export type SetUpStatus = 'empty' | 'settingUp' | 'wrongAddress' | 'imprecise' | 'ready' | 'setUpFailed';

export function setUpStatusOf(snapshot: AlertSnapshot): SetUpStatus | null {
  const value = snapshot.value;
  return typeof value === 'object' && 'editing' in value ? (value.editing as SetUpStatus) : null;
}

/** Why the last set-up found no place to use (message key), when it did not. */
export const wrongAddressKeyOf = (snapshot: AlertSnapshot) => snapshot.context.wrongAddressKey;

/** A call is running: set-up, launch, a responder change, a move, a close. */
export const isBusy = (snapshot: AlertSnapshot) => snapshot.hasTag('busy');
export const isPreviewing = (snapshot: AlertSnapshot) => snapshot.hasTag('previewing');
export const isMovingAddress = (snapshot: AlertSnapshot) => snapshot.matches({ live: 'movingAddress' });
export const isSavingDetails = (snapshot: AlertSnapshot) => snapshot.matches({ live: 'savingDetails' });
export const isConfirmingClose = (snapshot: AlertSnapshot) => snapshot.matches({ live: 'confirmingClose' });
export const isTooFar = (snapshot: AlertSnapshot) => snapshot.matches({ live: 'tooFar' }) || snapshot.matches('replacing');
export const isReplacing = (snapshot: AlertSnapshot) => snapshot.matches('replacing');
export const isClosedElsewhere = (snapshot: AlertSnapshot) => snapshot.matches('closedElsewhere');
/** The last refresh of the live alert failed: the data shown may be old. */
export const isStale = (snapshot: AlertSnapshot) => snapshot.context.stale;

export const optionsOf = (snapshot: AlertSnapshot) => snapshot.context.options;
export const alertOf = (snapshot: AlertSnapshot) => snapshot.context.alert;
export const alertIdOf = (snapshot: AlertSnapshot) => snapshot.context.alert?.alertId ?? null;
export const respondersOf = (snapshot: AlertSnapshot) => snapshot.context.responders;
export const nbPotentialOf = (snapshot: AlertSnapshot) => snapshot.context.nbPotentialBS;
export const alertTypeOf = (snapshot: AlertSnapshot) => snapshot.context.alertType;
export const debugModeOf = (snapshot: AlertSnapshot) => snapshot.context.debugMode;
export const detailsOf = (snapshot: AlertSnapshot) => snapshot.context.addressInfo;
/** The address as the server last named it, else as the dispatcher typed it. */
export const addressOf = (snapshot: AlertSnapshot) => snapshot.context.place.address || snapshot.context.alert?.address || '';

/** The alert types offered, in the spec's order, with their label keys. */
export function alertTypeChoicesOf(snapshot: AlertSnapshot): Array<{ value: AlertType; label: string }> {
  const offered = snapshot.context.options?.alertTypes ?? alertTypes.map((value) => ({ value, label: `alert.type.${value}` }));
  return offered.filter((option) => (alertTypes as readonly number[]).includes(option.value)) as Array<{ value: AlertType; label: string }>;
}

/** Debug modes the server offers this user; none to choose from when it offers only one. */
export function debugModeChoicesOf(snapshot: AlertSnapshot): Array<{ value: DebugMode; label: string }> {
  const offered = (snapshot.context.options?.debugModes ?? []).filter((option) => (debugModes as readonly number[]).includes(option.value));
  return offered.length > 1 ? (offered as Array<{ value: DebugMode; label: string }>) : [];
}

export interface LatLon {
  lat: number;
  lon: number;
}

/** Where the victim pin stands: the place being asked for while a call runs, else the server's. */
export function victimOf(snapshot: AlertSnapshot): LatLon | null {
  const { place, alert } = snapshot.context;
  const asked = place.lat !== undefined && place.lon !== undefined ? { lat: place.lat, lon: place.lon } : null;
  if (isBusy(snapshot) && asked) return asked;
  if (alert && !snapshot.context.wrongAddress) return { lat: alert.lat, lon: alert.lon };
  return asked;
}

/** The map the screen opens on (spec §9: about 45.75, 3.08, zoom 11). */
export function initialMapOf(snapshot: AlertSnapshot): { center: LatLon; zoom: number } {
  const init = snapshot.context.options?.positionInit ?? { lat: 45.75, lng: 3.08 };
  return { center: { lat: init.lat, lon: init.lng }, zoom: snapshot.context.options?.zoomInit ?? 11 };
}

/** Radius in metres within which responders are alerted, for the circle on the map. */
export const alertRadiusOf = (snapshot: AlertSnapshot) => (snapshot.context.alert?.distanceMax ?? snapshot.context.options?.distanceMax ?? 0.4) * 1000;

/** How a status reads at a glance: not answered yet, going, arrived, held in reserve, or out. */
export type ResponderPhase = 'pending' | 'going' | 'arrived' | 'standBy' | 'out';

export function responderPhaseOf(status: RequestStatus): ResponderPhase {
  if (status === 'onSiteVictim') return 'arrived';
  if ((engagedStatuses as readonly RequestStatus[]).includes(status)) return 'going';
  if (status === 'available') return 'pending';
  if (status === 'waiting') return 'standBy';
  return 'out';
}

/** Counts for the live summary. */
export function responderCountsOf(snapshot: AlertSnapshot): Record<ResponderPhase, number> & { total: number } {
  const counts = { pending: 0, going: 0, arrived: 0, standBy: 0, out: 0, total: 0 };
  for (const card of snapshot.context.responders) {
    counts[responderPhaseOf(card.status)] += 1;
    counts.total += 1;
  }
  return counts;
}

/** Responders with a known position, for the map. */
export const placedRespondersOf = (snapshot: AlertSnapshot): Array<ResponderCard & { alertInfo: { lat: number; lon: number } }> =>
  snapshot.context.responders.filter((card): card is ResponderCard & { alertInfo: { lat: number; lon: number } } => card.alertInfo.lat !== null && card.alertInfo.lon !== null);

export interface AedPoint {
  id: number;
  name: string;
  lat: number;
  lon: number;
  availableNow: boolean;
  /** A responder was sent to fetch it. */
  fetched: boolean;
}

/** AEDs around the victim (set-up preview) and the ones responders were sent to fetch. */
export function aedsOf(snapshot: AlertSnapshot): AedPoint[] {
  const fetched = new Map<number, AedPoint>();
  for (const card of snapshot.context.responders) {
    const aed = card.alertInfo.aed;
    if (aed) fetched.set(aed.id, { id: aed.id, name: aed.name, lat: aed.lat, lon: aed.lon, availableNow: true, fetched: true });
  }
  const around = snapshot.context.aeds.filter((aed) => !fetched.has(aed.id)).map((aed) => ({ id: aed.id, name: aed.name, lat: aed.lat, lon: aed.lon, availableNow: aed.availableNow, fetched: false }));
  return [...fetched.values(), ...around];
}

/** Whether the dispatcher may stop / start this responder now (the responder-request chart decides). */
export const canStop = (snapshot: AlertSnapshot, id: number) => snapshot.can({ type: 'responder.stop', id });
export const canStart = (snapshot: AlertSnapshot, id: number) => snapshot.can({ type: 'responder.start', id });
/** Whether the victim may be placed or moved now (pin, paste, address). */
export const canPlace = (snapshot: AlertSnapshot) => snapshot.can({ type: 'pin.move', lat: 0, lon: 0, source: 'drag' });
export const canLaunch = (snapshot: AlertSnapshot) => snapshot.can({ type: 'alert.launch' });
export const canRequestClose = (snapshot: AlertSnapshot) => snapshot.can({ type: 'alert.requestClose' });
export const canChooseType = (snapshot: AlertSnapshot) => snapshot.can({ type: 'type.choose', alertType: 1 });
/** Whether the details of the live alert may be saved now. */
export const canSaveDetails = (snapshot: AlertSnapshot) => snapshot.can({ type: 'details.save', addressInfo: '' });

/** The configured auto-close delay in whole minutes: the alert's own (launch to auto-close), else the options'. */
export function autoCloseMinutesOf(snapshot: AlertSnapshot): number {
  const alert = snapshot.context.alert;
  const seconds = alert?.date && alert.autoCloseAt ? (Date.parse(alert.autoCloseAt) - Date.parse(alert.date)) / 1000 : (snapshot.context.options?.autoCloseSeconds ?? 1200);
  return Math.max(1, Math.round(seconds / 60));
}

/** How the intervention ended, for the closed screen. */
export interface Closure {
  reason: 'auto' | 'user';
  /** Closed by the signed-in user. */
  byMe: boolean;
  by: string | null;
  at: string | null;
}

export function closureOf(snapshot: AlertSnapshot): Closure | null {
  const alert: Alert | null = snapshot.context.alert;
  if (!alert || alert.close !== 1) return null;
  const by = alert.closedBy ? `${alert.closedBy.firstName} ${alert.closedBy.lastName}`.trim() : null;
  return { reason: alert.closeReason ?? 'user', byMe: alert.closedBy?.id === snapshot.context.userId, by, at: alert.closedAt };
}

/** The steps of the automatic escalation of the live or closed alert, oldest first. */
export const escalationsOf = (snapshot: AlertSnapshot) => snapshot.context.escalations;
