import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgressStatus } from '../../contract/charts/responder-request.chart';
import type { OfferedAlert } from '../../contract/responder.schemas';
import { answerAlert, type ResponderApi } from '../../server/src/bots/behaviour';
import { runSimulation } from '../../server/src/bots/sim';
import * as responders from '../../server/src/modules/responders/service';
import { addAed, alertConfig, area, call, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

const v2 = '/services/emergency/v2';
let server: TestServer;
let operator: string;

beforeAll(async () => {
  // A simulation: responders registering over HTTP are activated at once (RESPONDER_AUTO_ACTIVATE), as `npm run bots` asks.
  server = await startTestServer(alertConfig({ BOTS_COUNT: 4, BOTS_ACCEPT_PROBABILITY: 1, BOTS_SPEED_FACTOR: 300, ALERT_ENOUGH_RESPONDERS: 10, RESPONDER_AUTO_ACTIVATE: true }));
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

interface Card {
  id: number;
  citizenResponderId: number;
  status: string;
  mission: string;
  statusHistory: { status: string; by: string }[];
  alertInfo: { lat: number; lon: number };
}

async function cards(alertId: number): Promise<Card[]> {
  return (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${alertId}&lang=fr`)).body.data;
}

async function until(alertId: number, done: (list: Card[]) => boolean, timeoutMs = 40_000): Promise<Card[]> {
  const started = Date.now();
  let list = await cards(alertId);
  while (!done(list) && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    list = await cards(alertId);
  }
  return list;
}

describe('bots of debug mode 3', () => {
  it('start around the victim, accept, walk to the AED and to the victim, reporting each step', async () => {
    const victim = offset(area, 0, -60_000);
    await addAed(server, offset(victim, 120, 0));
    const setup = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: 'bots', debugMode: 3 });
    expect(setup.body.data.nbPotentialBS).toBe(4);
    const alert = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { alertId: setup.body.data.alert.alertId, ...victim, address: 'bots', alertType: 1 })).body.data;
    expect(alert).toMatchObject({ debugMode: 3, test: true, nbRequests: 4 });
    const done = await until(alert.alertId, (list) => list.every((card) => card.status === 'onSiteVictim'));
    expect(done.map((card) => card.status)).toEqual(['onSiteVictim', 'onSiteVictim', 'onSiteVictim', 'onSiteVictim']);
    const runner = done.find((card) => card.mission === 'aed')!;
    expect(runner.statusHistory.map((entry) => entry.status)).toEqual(['available', 'dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim']);
    const direct = done.find((card) => card.mission === 'victim')!;
    expect(direct.statusHistory.map((entry) => entry.status)).toEqual(['available', 'dispatched', 'onTheWayVictim', 'onSiteVictim']);
    expect(direct.statusHistory[1].by).toMatch(/^bot:\d+$/);
    for (const card of done) {
      expect(card.alertInfo.lat).toBeCloseTo(victim.lat, 5);
      expect(card.alertInfo.lon).toBeCloseTo(victim.lon, 5);
    }
    const botEvents = await server.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_events WHERE alert_id = $1 AND actor_type = 'bot'`, [alert.alertId]);
    expect(botEvents[0].n).toBeGreaterThanOrEqual(4 * 3);
    // Their alert done, bots make themselves unavailable: a new production alert there finds nobody.
    const again = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: 'after the bots' });
    expect(again.body.data.nbPotentialBS).toBe(0);
  });

  it('halt when stopped by the dispatcher and go on when started again', async () => {
    const victim = offset(area, 0, -80_000);
    const alert = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: 'stop a bot', alertType: 1, debugMode: 3 })).body.data;
    const walking = await until(alert.alertId, (list) => list.some((card) => card.status === 'onTheWayVictim'));
    const target = walking.find((card) => card.status === 'onTheWayVictim')!;
    // What the bots read of their requests: a bot learns it is stopped by reading it.
    const offers = vi.spyOn(responders, 'offerOn');
    const readsStopped = () =>
      offers.mock.settledResults.filter((result, index) => offers.mock.calls[index][1] === target.citizenResponderId && result.type === 'fulfilled' && result.value.request.status === 'stopped').length;
    try {
      await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: target.id });
      // A step already under way may still report before the bot reads that it is stopped; after that it stays where it is,
      // however many times it reads its request again (a bot that walked on would report between two reads).
      await vi.waitFor(() => expect(readsStopped()).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 20 });
      const held = (await cards(alert.alertId)).find((card) => card.id === target.id)!;
      await vi.waitFor(() => expect(readsStopped()).toBeGreaterThanOrEqual(3), { timeout: 20_000, interval: 20 });
      const later = (await cards(alert.alertId)).find((card) => card.id === target.id)!;
      expect(later.status).toBe('stopped');
      expect(later.alertInfo).toEqual(held.alertInfo);
    } finally {
      offers.mockRestore();
    }
    await call(server, operator, 'POST', `${v2}/startCitizenResponder`, { alertId: alert.alertId, id: target.id });
    const finished = await until(alert.alertId, (list) => list.find((card) => card.id === target.id)!.status === 'onSiteVictim');
    const history = finished.find((card) => card.id === target.id)!.statusHistory.map((entry) => entry.status);
    expect(history).toEqual(expect.arrayContaining(['stopped', 'available']));
    expect(history.at(-1)).toBe('onSiteVictim');
  });
});

describe('npm run sim', () => {
  it('registers responders over HTTP that answer a production alert', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const center = offset(area, 0, -100_000);
    const simulation = await runSimulation({ baseUrl: address, count: 3, center, radiusKm: 0.2, acceptProbability: 1, speedFactor: 300, reportSeconds: 15, pollSeconds: 0.1 });
    try {
      const alert = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...center, address: 'sim', alertType: 1 })).body.data;
      expect(alert.nbRequests).toBe(3);
      const done = await until(alert.alertId, (list) => list.every((card) => card.status === 'onSiteVictim'));
      expect(done.map((card) => card.status)).toEqual(['onSiteVictim', 'onSiteVictim', 'onSiteVictim']);
      expect(done[0].statusHistory[1].by).toMatch(/^responder:\d+$/);
    } finally {
      await simulation.stop();
    }
  });
});

describe('bot behaviour', () => {
  it('refuses without moving when its draw is above the acceptance probability', async () => {
    const calls: string[] = [];
    const offer = { alertId: 1, alertType: 1, closed: false, victim: { lat: 0, lon: 0, address: '', addressInfo: '' }, request: { id: 1, status: 'available', mission: 'victim', aed: null, distance: 100, duration: 94 } } as OfferedAlert;
    const api: ResponderApi = {
      reportPosition: async () => void calls.push('position'),
      offer: async () => (calls.push('offer'), offer),
      accept: async () => (calls.push('accept'), offer),
      refuse: async () => (calls.push('refuse'), { ...offer, request: { ...offer.request, status: 'refused' } }),
      progress: async (_alertId: number, status: ProgressStatus) => (calls.push(status), offer),
    };
    const outcome = await answerAlert(api, 1, { start: { lat: 0.001, lon: 0 }, acceptProbability: 0.5, speedFactor: 1000, reportSeconds: 15, walkSpeedKmh: 5, detourFactor: 1.3, random: () => 0.9, signal: new AbortController().signal });
    expect(outcome).toBe('refused');
    expect(calls).toEqual(['offer', 'refuse']);
  });
});
