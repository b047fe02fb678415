import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ongoingAlertsMachine } from '../../src/machines/ongoing-alerts/ongoing-alerts.machine';
import { ongoingAlertsOf, ongoingCountOf, ongoingFailedOf } from '../../src/machines/ongoing-alerts/ongoing-alerts.selectors';
import { alertSample, failure } from './alert.fixtures';
import { describePathModel } from './kit';
import { VirtualClock } from './kit-replay';
import { pathModel } from './alert-ongoing.samples';

describePathModel(pathModel);

/** A list actor answering `answers` in order (the last repeats), with a handle on its REFRESH_ALERTS listener. */
function scripted(answers: unknown[]) {
  let calls = 0;
  let refresh = () => undefined as void;
  const machine = ongoingAlertsMachine.provide({
    actors: {
      listLive: fromPromise(async () => {
        calls += 1;
        return (answers.length > 1 ? answers.shift() : answers[0]) as never;
      }),
      listenRefresh: fromCallback(({ sendBack }) => {
        refresh = () => sendBack({ type: 'ongoing.refresh' });
      }),
    } as never,
  });
  const clock = new VirtualClock();
  const actor = createActor(machine, { input: { siteId: 2 }, clock }).start();
  return { actor, clock, calls: () => calls, socketRefresh: () => refresh() };
}

describe('ongoing alerts', () => {
  it('lists the live interventions of the own service only, newest launch first', async () => {
    const older = alertSample('live', { alertId: 1, date: '2026-03-01T09:00:00.000Z' });
    const newer = alertSample('live', { alertId: 2, date: '2026-03-01T10:00:00.000Z' });
    const childAccount = alertSample('live', { alertId: 3, idSite: 9 });
    const { actor } = scripted([{ ok: true, data: [older, childAccount, newer] }]);
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(ongoingAlertsOf(actor.getSnapshot()).map((alert) => alert.alertId)).toEqual([2, 1]);
  });

  it('follows REFRESH_ALERTS without reloading, and keeps the last list when a load fails', async () => {
    const { actor, calls, socketRefresh } = scripted([{ ok: true, data: [alertSample('live')] }, { ok: true, data: [] }, failure('error.network')]);
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(ongoingCountOf(actor.getSnapshot())).toBe(1);
    socketRefresh();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(ongoingCountOf(actor.getSnapshot())).toBe(0);
    socketRefresh();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls()).toBe(3);
    expect(ongoingFailedOf(actor.getSnapshot())).toBe(true);
    expect(ongoingCountOf(actor.getSnapshot())).toBe(0);
  });

  it('loads once more when REFRESH_ALERTS arrives during a load, and polls slowly', async () => {
    const { actor, calls, socketRefresh, clock } = scripted([{ ok: true, data: [] }]);
    socketRefresh();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls()).toBe(2);
    clock.fireNext();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls()).toBe(3);
  });
});
