import type { CallActions } from '../../contract/callback.schemas';
import type { AccountStats, ReferentStats } from '../../contract/dashboard.schemas';
import type { Chronology, HistoryAlert, HistoryPage } from '../../contract/history.schemas';
import type { IndicatorsOutcome } from '../../src/machines/dashboard/indicators.types';
import { emptyAnswers, emptyTechnicalIssues, type InterviewForm } from '../../contract/interview.schemas';

/** Answers of the history, call-back, dashboard and indicator calls, shaped like the server's, for the machines' tests. */

export const ok = <T>(data: T) => ({ ok: true as const, data });
export const failure = (key: string, status?: number) => ({ ok: false as const, key, ...(status === undefined ? {} : { status }) });

export function historyAlertSample(alertId: number, overrides: Partial<HistoryAlert> = {}): HistoryAlert {
  return {
    alertId,
    alertType: 1,
    idSite: 1,
    siteName: 'SDIS 63 — Puy-de-Dôme',
    address: '1 place de Jaude, 63000 Clermont-Ferrand',
    addressInfo: '',
    lat: 45.7772,
    lon: 3.087,
    test: false,
    debugMode: 0,
    creationDate: '2026-10-01T10:00:00.000Z',
    date: '2026-10-01T10:01:00.000Z',
    closedAt: '2026-10-01T10:21:00.000Z',
    closeReason: 'user',
    closedBy: { id: 2, firstName: 'Olivier', lastName: 'Bernard' },
    durationSeconds: 1200,
    nbRequests: 4,
    nbRefused: 1,
    nbDepartures: 1,
    firstDepartureSeconds: 42,
    contactStatus: 'toDo',
    callbackCounts: { toDo: 1 },
    responders: [
      {
        id: alertId * 10,
        citizenResponderId: 300,
        firstName: 'Camille',
        lastName: 'Martin',
        phone: '+33612345678',
        status: 'onSiteVictim',
        contactStatus: 'toDo',
        recallAt: null,
        flags: { olderThan10Days: true, overdue: false, dueToday: false },
        departureSeconds: 42,
        formCompleted: false,
      },
    ],
    ...overrides,
  };
}

/** A page of 20 out of `count`. */
export function historyPageSample(count = 45, page = 1): HistoryPage {
  return { list: Array.from({ length: Math.min(20, Math.max(count - (page - 1) * 20, 0)) }, (_, index) => historyAlertSample(1000 - index)), count, startDate: '2026-07-22', endDate: '2026-11-22', page, limit: 20 };
}

export const chronologySample: Chronology = {
  alert: historyAlertSample(7),
  entries: [
    { at: '2026-10-01T10:01:00.000Z', kind: 'launched', actor: { type: 'user', id: 2, name: 'Olivier Bernard' }, responder: null, status: null, details: { nbRequests: 4 } },
    { at: '2026-10-01T10:01:00.000Z', kind: 'offer', actor: { type: 'system', id: null, name: null }, responder: { requestId: 70, citizenResponderId: 300, name: 'Camille Martin' }, status: 'available', details: { distance: 250 } },
    { at: '2026-10-01T10:21:00.000Z', kind: 'autoClosed', actor: { type: 'system', id: null, name: null }, responder: null, status: null, details: { reason: 'auto' } },
  ],
};

export function interviewFormSample(overrides: Partial<InterviewForm> = {}): InterviewForm {
  const prefill = emptyAnswers();
  prefill.identity.age = 34;
  prefill.intervention.distance = 250;
  prefill.intervention.interviewer = 'Rémi Durand';
  return {
    id: 70,
    alert: { alertId: 7, alertType: 1, address: '1 place de Jaude, 63000 Clermont-Ferrand', addressInfo: '', idSite: 1, siteName: 'SDIS 63', launchedAt: '2026-10-01T10:01:00.000Z', closedAt: '2026-10-01T10:21:00.000Z', test: false },
    responder: {
      citizenResponderId: 300,
      firstName: 'Camille',
      lastName: 'Martin',
      phone: '+33612345678',
      email: 'camille@example.org',
      age: 34,
      gender: 'female',
      trainedStatus: 'trained',
      skill: 'nurse',
      nbInterventions: 3,
      status: 'onSiteVictim',
      mission: 'victim',
      distance: 250,
      acceptedAt: '2026-10-01T10:01:42.000Z',
    },
    contactStatus: 'toDo',
    recallAt: null,
    calls: [],
    earlier: [],
    answers: null,
    technicalIssues: null,
    completedAt: null,
    prefill,
    allowedOutcomes: ['noAnswer', 'recall', 'recallFragile', 'done', 'refusal'],
    ...overrides,
  };
}

export const emptyIssues = emptyTechnicalIssues;

const figures = { nbRescuer: 12, nbIntervention: 10, averageDurationBetweenAlert: 75, averageRescuerBy_Alert: 1.4, nbDeparture: 14 };

export function referentStatsSample(parts: { personal?: boolean; month?: boolean; total?: boolean } = { personal: true, month: true }): ReferentStats {
  return {
    personal: parts.personal ? { formComplete: 31, callRollingMonth: 12, averageTimeBeforeCall: { value: 5.5, period: 'hour' } } : null,
    departure: {
      month: parts.month ? { ...figures, month: '2026-11-01', series: [{ ...figures, month: '2026-11' }] } : null,
      total: parts.total ? { ...figures, nbIntervention: 400, since: '2025-11-22' } : null,
    },
  };
}

export const callActionsSample: CallActions = { toDo: { total: 8, moreThan10days: 3 }, recall: { total: 4, moreThan10days: 1 }, noAnswer: { total: 5, moreThan10days: 2 }, countRecallToday: 2, startDate: '2026-07-22' };

export const accountStatsSample: AccountStats = {
  accounts: [{ id: 1, name: 'SDIS 63', kind: 'internal', parentId: null, users: 8, aeds: 1200, aedsAvailable: 1100, alertsYear: 400, alertsTotal: 420, departuresYear: 560, responders: 0, formsCompleted: 300, callbacksPending: 20 }],
};

export const indicatorsOutcomeSample: IndicatorsOutcome = {
  data: {
    alertsType: { startDate: '2026-08-22', endDate: '2026-11-22', total: 3, types: [{ alertType: 1, count: 2 }, { alertType: 7, count: 1 }] },
    lookLast24: { since: '2026-11-21T10:00:00.000Z', total: 0, open: 0, departures: 0, averageFirstDepartureSeconds: null, byType: [], alerts: [] },
  },
  errors: {},
};
