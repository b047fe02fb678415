import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { dashboardScreenOf, dashboardTabsOf, departuresShownOf, isLoadingAccountStats, isLoadingCallActions, isLoadingDeparturesOf, isLoadingSites, sitesOf, statsLoadedOf } from '../../src/machines/dashboard/dashboard.selectors';
import type { StatsRequest } from '../../src/machines/dashboard/dashboard.types';
import { describePathModel } from './kit';
import { accountStatsSample, callActionsSample, failure, ok, referentStatsSample } from './history.fixtures';
import { pathModel } from './dashboard.samples';

/** The dashboard machine: model-based replay (dashboard.samples.ts), then journeys with what each call was asked. */
describePathModel(pathModel);

function scripted(input: { view: string | null; isSuperAdmin: boolean }, accountStats: unknown = ok(accountStatsSample), sites: () => Promise<unknown> = async () => ok([])) {
  const { view, isSuperAdmin } = input;
  const statsRequests: StatsRequest[] = [];
  const callActionSites: (number | null)[] = [];
  const machine = dashboardMachine.provide({
    actors: {
      loadSites: fromPromise(async () => (await sites()) as never),
      loadStats: fromPromise(async ({ input: request }: { input: StatsRequest }) => {
        statsRequests.push(request);
        return ok(referentStatsSample({ personal: request.isPersonalFetch, month: request.isMonthDepartureFetch, total: request.isTotalDepartureFetch })) as never;
      }),
      loadCallActions: fromPromise(async ({ input: request }: { input: { selectedSite: number | null } }) => {
        callActionSites.push(request.selectedSite);
        return ok(callActionsSample) as never;
      }),
      loadAccountStats: fromPromise(async () => accountStats as never),
    } as never,
  });
  const actor = createActor(machine, { input: { isSuperAdmin } }).start();
  // The page sends the view of its address, as the dashboard page does.
  if (view !== null) actor.send({ type: 'view.choose', view });
  return { actor, statsRequests, callActionSites };
}

const idle = (actor: ReturnType<typeof scripted>['actor']) =>
  waitFor(actor, (snapshot) => !isLoadingDeparturesOf(snapshot) && !isLoadingCallActions(snapshot) && !isLoadingAccountStats(snapshot));

describe('dashboard journeys', () => {
  it('opens the referent view by default with the month’s departures (switch 1) and the personal figures', async () => {
    const { actor, statsRequests } = scripted({ view: null, isSuperAdmin: false });
    await idle(actor);
    expect(dashboardScreenOf(actor.getSnapshot())).toBe('referent');
    expect(actor.getSnapshot().context.departureSwitch).toBe(1);
    expect(statsRequests).toEqual([{ selectedSite: null, isPersonalFetch: true, isMonthDepartureFetch: true, isTotalDepartureFetch: false }]);
    expect(departuresShownOf(actor.getSnapshot())?.nbIntervention).toBe(10);
    expect(dashboardTabsOf(actor.getSnapshot())).toEqual(['referent', 'tech']);
  });

  it('shows the figures without waiting for the site list, which fills the filter when it comes', async () => {
    let answerSites: (value: unknown) => void = () => undefined;
    const sites = new Promise((resolve) => (answerSites = resolve));
    const { actor, statsRequests, callActionSites } = scripted({ view: 'referent', isSuperAdmin: false }, ok(accountStatsSample), () => sites);
    await idle(actor);
    expect(isLoadingSites(actor.getSnapshot())).toBe(true);
    expect(dashboardScreenOf(actor.getSnapshot())).toBe('referent');
    expect(departuresShownOf(actor.getSnapshot())?.nbIntervention).toBe(10);
    expect([statsRequests.length, callActionSites]).toEqual([1, [null]]);
    answerSites(ok([{ id: 1, name: 'SDIS 63', kind: 'internal', tag: null, logo: null, country: 'FR', parentId: null }]));
    await waitFor(actor, (snapshot) => !isLoadingSites(snapshot));
    expect(sitesOf(actor.getSnapshot()).map((site) => site.name)).toEqual(['SDIS 63']);
    expect(statsRequests).toHaveLength(1);
  });

  it('fetches the total once when the switch first shows it, and never again', async () => {
    const { actor, statsRequests } = scripted({ view: 'referent', isSuperAdmin: false });
    await idle(actor);
    actor.send({ type: 'departure.switch', value: 2 });
    await idle(actor);
    expect(statsRequests.at(-1)).toEqual({ selectedSite: null, isPersonalFetch: false, isMonthDepartureFetch: false, isTotalDepartureFetch: true });
    expect(departuresShownOf(actor.getSnapshot())?.nbIntervention).toBe(400);
    expect(actor.getSnapshot().context.stats?.personal?.formComplete).toBe(31);
    actor.send({ type: 'departure.switch', value: 1 });
    actor.send({ type: 'departure.switch', value: 2 });
    await idle(actor);
    expect(statsRequests).toHaveLength(2);
  });

  it('marks the statistics as not loaded when the site changes, and asks everything for that site', async () => {
    const { actor, statsRequests, callActionSites } = scripted({ view: null, isSuperAdmin: true });
    await idle(actor);
    actor.send({ type: 'site.choose', site: 2 });
    expect(statsLoadedOf(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.stats).toBeNull();
    await idle(actor);
    expect(statsLoadedOf(actor.getSnapshot())).toBe(true);
    expect(statsRequests.at(-1)?.selectedSite).toBe(2);
    expect(callActionSites).toEqual([null, 2]);
  });

  it('says when a dashboard does not exist, and when the admin tab is not for the user', async () => {
    const unknown = scripted({ view: 'weekly', isSuperAdmin: true });
    await idle(unknown.actor);
    expect(dashboardScreenOf(unknown.actor.getSnapshot())).toBe('unknown');
    const denied = scripted({ view: 'admin', isSuperAdmin: false }, failure('error.dashboard.admin-only', 403));
    await idle(denied.actor);
    expect(dashboardScreenOf(denied.actor.getSnapshot())).toBe('denied');
    const admin = scripted({ view: 'referent', isSuperAdmin: true });
    admin.actor.send({ type: 'view.choose', view: 'admin' });
    await idle(admin.actor);
    expect(dashboardScreenOf(admin.actor.getSnapshot())).toBe('admin');
    expect(admin.actor.getSnapshot().context.accountStats?.accounts[0].aeds).toBe(1200);
    expect(dashboardTabsOf(admin.actor.getSnapshot())).toEqual(['referent', 'tech', 'admin']);
  });
});
