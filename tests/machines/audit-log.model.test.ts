import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { auditQueryOf } from '../../src/machines/audit-log/audit-log.actors';
import { auditLogMachine, blankAuditFilter } from '../../src/machines/audit-log/audit-log.machine';
import { auditEntriesEndOf, auditEntriesStartOf, auditErrorOf, auditPhaseOf, auditSitesOf } from '../../src/machines/audit-log/audit-log.selectors';
import type { AuditPageRequest } from '../../src/machines/audit-log/audit-log.types';
import { auditPageSample, auditSites, failure, ok } from './audit-log.fixtures';
import { pathModel } from './audit-log.samples';
import { describePathModel } from './kit';
import { VirtualClock } from './kit-replay';

/** The audit log machine: model-based replay (audit-log.samples.ts), then journeys with what each call was sent. */
describePathModel(pathModel);

function scripted(pages: unknown[] = [ok(auditPageSample(120))], sites: unknown = ok(auditSites)) {
  const requests: AuditPageRequest[] = [];
  const aborted: AuditPageRequest[] = [];
  const clock = new VirtualClock();
  const machine = auditLogMachine.provide({
    actors: {
      loadSites: fromPromise(async () => sites as never),
      loadPage: fromPromise(async ({ input, signal }: { input: AuditPageRequest; signal: AbortSignal }) => {
        requests.push(input);
        const answer = pages.length > 1 ? pages.shift() : pages[0];
        await Promise.resolve();
        if (signal.aborted) aborted.push(input);
        return answer as never;
      }),
    } as never,
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, requests, aborted, clock };
}

const settled = (actor: ReturnType<typeof scripted>['actor']) => waitFor(actor, (snapshot) => snapshot.matches('ready') || snapshot.matches('failed'));

describe('audit log journeys', () => {
  it('asks page 1 of the whole log, 50 a page, and offers the accounts', async () => {
    const { actor, requests } = scripted();
    await settled(actor);
    expect(requests).toEqual([{ filter: blankAuditFilter, page: 1, limit: 50 }]);
    expect(auditQueryOf(requests[0])).toEqual({ page: 1, limit: 50 });
    expect(auditPhaseOf(actor.getSnapshot())).toBe('ready');
    expect([auditEntriesStartOf(actor.getSnapshot()), auditEntriesEndOf(actor.getSnapshot())]).toEqual([1, 50]);
    expect(auditSitesOf(actor.getSnapshot()).map((site) => site.id)).toEqual([1, 4]);
  });

  it('goes back to page 1 on every filter change, and sends only the filters set', async () => {
    const { actor, requests } = scripted([ok(auditPageSample(120))]);
    await settled(actor);
    actor.send({ type: 'page.change', page: 3 });
    await settled(actor);
    expect(requests.at(-1)!.page).toBe(3);
    expect([auditEntriesStartOf(actor.getSnapshot()), auditEntriesEndOf(actor.getSnapshot())]).toEqual([101, 120]);
    actor.send({ type: 'filter.change', changes: { action: 'aed.reportProblem', selectedSite: 4, startDate: '2026-11-01', endDate: '2026-11-20' } });
    await settled(actor);
    expect(requests.at(-1)!.page).toBe(1);
    expect(auditQueryOf(requests.at(-1)!)).toEqual({ page: 1, limit: 50, action: 'aed.reportProblem', selectedSite: 4, startDate: '2026-11-01', endDate: '2026-11-20' });
    actor.send({ type: 'page.change', page: 2 });
    await settled(actor);
    actor.send({ type: 'filter.change', changes: { action: null } });
    await settled(actor);
    expect(auditQueryOf(requests.at(-1)!)).toEqual({ page: 1, limit: 50, selectedSite: 4, startDate: '2026-11-01', endDate: '2026-11-20' });
  });

  it('never asks a page beyond the last one', async () => {
    const { actor, requests } = scripted([ok(auditPageSample(120))]);
    await settled(actor);
    actor.send({ type: 'page.change', page: 4 });
    actor.send({ type: 'page.change', page: 0 });
    expect(requests).toHaveLength(1);
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('waits for a pause in the typing of a user id or target, then asks once with both', async () => {
    const { actor, requests, clock } = scripted();
    await settled(actor);
    actor.send({ type: 'filter.type', changes: { userId: 1 } });
    actor.send({ type: 'filter.type', changes: { userId: 12 } });
    actor.send({ type: 'filter.type', changes: { target: ' demo-5f2c ' } });
    expect(auditPhaseOf(actor.getSnapshot())).toBe('loading');
    expect(requests).toHaveLength(1);
    clock.fireNext();
    await settled(actor);
    expect(requests).toHaveLength(2);
    expect(auditQueryOf(requests[1])).toEqual({ page: 1, limit: 50, userId: 12, target: 'demo-5f2c' });
  });

  it('keeps the last page when a load fails, says why, and loads again on refresh', async () => {
    const { actor, requests } = scripted([ok(auditPageSample(120)), failure('error.network'), ok(auditPageSample(121))]);
    await settled(actor);
    actor.send({ type: 'audit.refresh' });
    await settled(actor);
    expect(auditPhaseOf(actor.getSnapshot())).toBe('failed');
    expect(auditErrorOf(actor.getSnapshot())).toBe('error.network');
    expect(actor.getSnapshot().context.list).toHaveLength(50);
    actor.send({ type: 'page.change', page: 2 });
    expect(requests).toHaveLength(2);
    actor.send({ type: 'audit.refresh' });
    await settled(actor);
    expect(auditErrorOf(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.count).toBe(121);
  });

  it('cancels the load under way when a newer question is asked', async () => {
    const { actor, requests, aborted } = scripted();
    actor.send({ type: 'filter.change', changes: { action: 'alert.close' } });
    await settled(actor);
    expect(requests.map((request) => request.filter.action)).toEqual([null, 'alert.close']);
    expect(aborted.map((request) => request.filter.action)).toEqual([null]);
  });

  it('still works without the account list: the account filter offers all accounts only', async () => {
    const { actor } = scripted([ok(auditPageSample(3))], failure('error.network'));
    await settled(actor);
    expect(auditSitesOf(actor.getSnapshot())).toEqual([]);
    expect(auditPhaseOf(actor.getSnapshot())).toBe('ready');
  });
});
