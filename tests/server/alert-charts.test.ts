import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertChart, alertRefusalKey, type AlertEvent, type AlertState } from '../../contract/charts/alert.chart';
import { requestRefusalKey, requestStatuses, responderRequestChart, type RequestEvent, type RequestStatus } from '../../contract/charts/responder-request.chart';
import { nextState } from '../../contract/charts/transition';
import { alertTransitions, requestTransitions } from './alert-chart-tables';

/**
 * The two domain charts of the alert workflow, pair by pair: every (state, event) the server may be
 * asked about either goes where spec §4 says, or is refused with a key that has a translation.
 */
const english = JSON.parse(readFileSync('src/i18n/messages/en.json', 'utf8')) as Record<string, string>;

describe('alert chart', () => {
  const states: AlertState[] = ['settingUp', 'live', 'closed'];
  for (const [event, allowed] of Object.entries(alertTransitions) as [AlertEvent['type'], Partial<Record<AlertState, AlertState>>][]) {
    it(`${event}: goes where spec §4 says, or is refused with a translated key`, () => {
      for (const state of states) {
        const next = nextState(alertChart, state, { type: event } as AlertEvent);
        expect(next, `${state} + ${event}`).toBe(allowed[state]);
        if (next === undefined) expect(english[alertRefusalKey(state, event)], `${state} + ${event}`).toBeTruthy();
      }
    });
  }
});

describe('responder-on-alert chart', () => {
  for (const [event, allowed] of Object.entries(requestTransitions) as [RequestEvent['type'], Partial<Record<RequestStatus, RequestStatus>>][]) {
    it(`${event}: goes where spec §4 says, or is refused with a translated key`, () => {
      for (const status of requestStatuses) {
        const next = nextState(responderRequestChart, status, { type: event } as RequestEvent);
        expect(next, `${status} + ${event}`).toBe(allowed[status]);
        if (next === undefined) expect(english[requestRefusalKey(status, event)], `${status} + ${event}`).toBeTruthy();
      }
    });
  }

  it('ends in refused, tooFar, tooLate, unavailable, withoutAedCancel and cancelled', () => {
    const finals = requestStatuses.filter((status) => Object.values(requestTransitions).every((allowed) => !(status in allowed)));
    expect(finals.sort()).toEqual(['cancelled', 'refused', 'tooFar', 'tooLate', 'unavailable', 'withoutAedCancel']);
  });
});
