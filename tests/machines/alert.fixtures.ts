import type { Alert, AlertOptions, ResponderCard, SetUpResult } from '../../contract/alert.schemas';
import type { RequestStatus } from '../../contract/charts/responder-request.chart';
import { alertErrorKeys } from '../../contract/alert.errors';

/** Answers of the alert calls, shaped like the server's (contract/alert.schemas.ts), for the alert machine's tests. */

export const dispatcherId = 5;

export const options: AlertOptions = {
  alertTypes: [1, 3, 4, 5, 6, 7].map((value) => ({ value, label: `alert.type.${value}` })),
  debugModes: [0, 1, 3].map((value) => ({ value, label: `alert.debug-mode.${value}` })),
  debugMode: 0,
  sites: [{ value: 0, label: 'alert.site.test' }],
  positionInit: { lat: 45.75, lng: 3.08 },
  zoomInit: 11,
  distanceMax: 0.4,
  maxAddressMoveKm: 0.3,
  autoCloseSeconds: 1200,
  countryCode: 'FR',
};

const victim = { lat: 45.7772, lon: 3.087 };

/** An alert in a given state; closed ones say by whom. */
export function alertSample(state: 'draft' | 'live' | 'closedByMe' | 'closedByOther' | 'closedBySystem', overrides: Partial<Alert> = {}): Alert {
  const closed = state.startsWith('closed');
  return {
    alertId: 42,
    alertType: 1,
    idSite: 2,
    address: '1 place de Jaude, Clermont-Ferrand',
    addressInfo: '',
    ...victim,
    countryCode: 'FR',
    distanceMax: 0.4,
    nbRequests: state === 'draft' ? 0 : 2,
    nbPotentialBS: 8,
    status: state === 'draft' ? 1 : closed ? 3 : 2,
    state: state === 'draft' ? 'settingUp' : closed ? 'closed' : 'live',
    close: closed ? 1 : 0,
    creationDate: '2026-03-01T10:00:00.000Z',
    date: state === 'draft' ? null : '2026-03-01T10:01:00.000Z',
    distance: 0,
    nbEngaged: 1,
    nbRefused: 0,
    test: true,
    debugMode: 3,
    contactStatus: 'alertInProgress',
    updateDate: '2026-03-01T10:02:00.000Z',
    precision: 'manual',
    needsPinMove: false,
    // Twenty minutes from now, so the auto-close timer comes after the poll, as in real life.
    autoCloseAt: state === 'draft' ? null : new Date(Date.now() + 1_200_000).toISOString(),
    closedAt: closed ? '2026-03-01T10:15:00.000Z' : null,
    closedBy: state === 'closedByMe' ? { id: dispatcherId, firstName: 'Olivia', lastName: 'Operator' } : state === 'closedByOther' ? { id: 99, firstName: 'Adam', lastName: 'Admin' } : null,
    closeReason: state === 'closedBySystem' ? 'auto' : closed ? 'user' : null,
    ...overrides,
  };
}

/** A responder card with a status; id is the request id stop and start name. */
export function responderSample(id: number, status: RequestStatus, overrides: Partial<ResponderCard> = {}): ResponderCard {
  return {
    id,
    citizenResponderId: 100 + id,
    firstName: 'Camille',
    lastName: `Bot ${id}`,
    age: 30,
    gender: null,
    distance: 250,
    duration: 180,
    phone: '+33600000000',
    email: `bot${id}@bots.vigil.invalid`,
    aed: false,
    trainedStatus: 'trained',
    skill: null,
    skillSpeciality: null,
    nbInterventions: 0,
    certificated: false,
    contact: 'phone',
    videoSessionId: null,
    videoToken: null,
    status,
    mission: 'victim',
    alertInfo: { lon: 3.086, lat: 45.776, positionDate: '2026-03-01T10:02:00.000Z', aed: null, status },
    statusHistory: [{ status, at: '2026-03-01T10:02:00.000Z', by: 'responder' }],
    updateDate: '2026-03-01T10:02:00.000Z',
    ...overrides,
  };
}

export function setUpSample(kind: 'ready' | 'wrongAddress' | 'imprecise'): SetUpResult {
  if (kind === 'wrongAddress') return { alert: null, wrongAddress: true, needsPinMove: false, msg: alertErrorKeys.addressNotFound, nbPotentialBS: 0, aeds: [] };
  const needsPinMove = kind === 'imprecise';
  return {
    alert: alertSample('draft', { needsPinMove, precision: needsPinMove ? 'municipality' : 'manual' }),
    wrongAddress: false,
    needsPinMove,
    msg: needsPinMove ? alertErrorKeys.addressImprecise : null,
    nbPotentialBS: 8,
    aeds: [{ id: 3, name: 'Mairie', address: '10 rue Philippe-Marcombes', lat: 45.778, lon: 3.086, distance: 120, availableNow: true, alwaysOpened: true }],
  };
}

/** On call: one going (may be stopped), one stopped (may be started). */
export const respondersOnCall = [responderSample(11, 'onTheWayVictim'), responderSample(12, 'stopped')];
/** After stopping 11: both stopped. */
export const respondersAfterStop = [responderSample(11, 'stopped'), responderSample(12, 'stopped')];

export const failure = (key: string, details?: unknown) => ({ ok: false as const, key, ...(details ? { details } : {}) });
