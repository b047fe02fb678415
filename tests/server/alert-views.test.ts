import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountId, signInOn } from '../fixtures/aed/helpers';
import { addResponder, alertConfig, area, call, offset } from './alert-fixtures';
import { startTestServer, startTwoInstances, type TestServer } from './harness';
import { Client, connect, isEvent } from './ws-client';

/**
 * The live alert list and the responders on call are kept while changes to alerts are announced:
 * whatever changes them (this instance's calls, plain SQL as another instance would, a responder's
 * move), the next answer shows it, a screen told REFRESH_ALERTS reads the change at once, and no
 * caller ever gets another scope's answer.
 */
const v2 = '/services/emergency/v2';
const liveList = `${v2}/alerts?close=0&status=2`;
type Alert = { alertId: number; idSite: number; address: string };
type Card = { citizenResponderId: number; distance: number; status: string };

const clients: Client[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

const listOn = async (server: TestServer, auth: string) => {
  const { status, body } = await call(server, auth, 'GET', liveList);
  expect(status).toBe(200);
  return body.data as Alert[];
};
const addressOf = async (server: TestServer, auth: string, alertId: number) => (await listOn(server, auth)).find((alert) => alert.alertId === alertId)?.address;
const launch = async (server: TestServer, auth: string, at: { lat: number; lon: number }, address: string) => {
  const { status, body } = await call(server, auth, 'POST', `${v2}/alertLaunch`, { ...at, address, alertType: 1 });
  expect(status).toBe(200);
  return body.data as Alert;
};

describe('kept live alert list and responders on call', () => {
  let server: TestServer;
  let operator: string;
  beforeAll(async () => {
    server = await startTestServer(alertConfig({ ALERT_DISTANCE_MAX_KM: 0.5 }));
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await server.signIn('operator@vigil.test');
  });
  afterAll(async () => server?.close());
  const query = (text: string, params?: unknown[]) => server.ctx.database.query(text, params);
  /**
   * Resolves once every announcement committed so far has reached this instance: a marker sent now
   * arrives after them on the one listening connection, whose subscribers are told in order.
   */
  const announcementsDelivered = async () => {
    const marker = `delivered-${Math.random()}`;
    let seen = false;
    const unlisten = await server.ctx.database.listen('vigil_alerts', (payload) => {
      if (payload === marker) seen = true;
    });
    try {
      await server.ctx.database.notify('vigil_alerts', marker);
      await expect.poll(() => seen, { timeout: 3000 }).toBe(true);
    } finally {
      await unlisten();
    }
  };

  it('keeps the live list until a change is announced, and shows a launch at once', async () => {
    await listOn(server, operator);
    const launched = await launch(server, operator, offset(area, 0, 100_000), '1 rue des Vues');
    // On PostgreSQL the launch's own announcement may arrive after the answer: let it land first.
    await announcementsDelivered();
    expect(await addressOf(server, operator, launched.alertId)).toBe('1 rue des Vues');

    // Unannounced (triggers silenced), the kept answer stands: it is read from memory.
    await server.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = 'replica'`);
      await tx.execute(sql`UPDATE alerts SET address = 'Silent move' WHERE id = ${launched.alertId}`);
    });
    expect(await addressOf(server, operator, launched.alertId)).toBe('1 rue des Vues');
    // As another instance writes it: announced, so forgotten.
    await query('UPDATE alerts SET address = $1 WHERE id = $2', ['2 rue des Vues', launched.alertId]);
    await expect.poll(() => addressOf(server, operator, launched.alertId), { timeout: 3000 }).toBe('2 rue des Vues');
    // A close through this instance leaves the live list before its answer does.
    expect((await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: launched.alertId })).status).toBe(200);
    expect(await addressOf(server, operator, launched.alertId)).toBeUndefined();
  });

  it('announces a change of every request column but the push bookkeeping, whose clearing after a launch announces nothing', async () => {
    const columns = async (where: string) =>
      ((await query(`SELECT attname FROM pg_attribute WHERE attrelid = 'alert_requests'::regclass AND attnum > 0 AND NOT attisdropped AND ${where} ORDER BY attname`)) as Array<{ attname: string }>).map((row) => row.attname);
    const announced = await columns(`attnum = ANY ((SELECT tgattr FROM pg_trigger WHERE tgname = 'alert_requests_updated')::int2[])`);
    const all = await columns('true');
    expect(all.filter((column) => !announced.includes(column))).toEqual(['alert_push_pending']);

    const launched = await launch(server, operator, offset(area, 0, 110_000), '5 rue des Vues');
    await announcementsDelivered();
    const heard: string[] = [];
    const unlisten = await server.ctx.database.listen('vigil_alerts', (payload) => heard.push(payload));
    try {
      await query('UPDATE alert_requests SET alert_push_pending = NOT alert_push_pending WHERE alert_id = $1', [launched.alertId]);
      await server.ctx.database.notify('vigil_alerts', 'mark');
      await expect.poll(() => heard.includes('mark')).toBe(true);
      expect(heard.slice(0, heard.indexOf('mark'))).toEqual([]);
    } finally {
      await unlisten();
    }
  });

  it('shows the move of a responder on an alert, and announces no other responder’s move', async () => {
    const victim = offset(area, 0, 120_000);
    const onAlert = await addResponder(server, offset(victim, 100, 0));
    const elsewhere = await addResponder(server, offset(victim, 0, 40_000));
    const launched = await launch(server, operator, victim, '3 rue des Vues');
    const cardsUrl = `${v2}/citizenRespondersOnCall?alertId=${launched.alertId}&lang=fr`;
    const distance = async () => ((await call(server, operator, 'GET', cardsUrl)).body.data as Card[]).find((card) => card.citizenResponderId === onAlert.responderId)?.distance;
    expect(await distance()).toBe(100);

    const announced: string[] = [];
    const unlisten = await server.ctx.database.listen('vigil_alerts', (payload) => announced.push(payload));
    try {
      const move = (responderId: number, at: { lat: number; lon: number }) => query('UPDATE responder_positions SET lat = $2, lon = $3 WHERE responder_id = $1', [responderId, at.lat, at.lon]);
      await move(elsewhere.responderId, offset(victim, 0, 41_000));
      // Announcements come in commit order: once a mark sent after the move is in, the move's would be before it.
      await server.ctx.database.notify('vigil_alerts', 'mark');
      await expect.poll(() => announced.includes('mark')).toBe(true);
      expect(announced.slice(0, announced.indexOf('mark'))).toEqual([]);
      await move(onAlert.responderId, offset(victim, 40, 0));
      await expect.poll(distance, { timeout: 3000 }).toBe(40);
      await expect.poll(() => announced.slice(announced.indexOf('mark') + 1).length).toBeGreaterThan(0);
    } finally {
      await unlisten();
    }
  });

  // On the embedded database a session setting silences the triggers for every call that follows.
  it.skipIf(process.env.TEST_DATABASE_URL)('shows a responder’s answer on the cards at once, unannounced, through the instance that took it', async () => {
    const victim = offset(area, 0, 130_000);
    const responder = await addResponder(server, offset(victim, 80, 0));
    const launched = await launch(server, operator, victim, '3 bis rue des Vues');
    const cardsUrl = `${v2}/citizenRespondersOnCall?alertId=${launched.alertId}&lang=fr`;
    const status = async () => ((await call(server, operator, 'GET', cardsUrl)).body.data as Card[]).find((card) => card.citizenResponderId === responder.responderId)?.status;
    expect(await status()).toBe('available');
    await query(`SET session_replication_role = 'replica'`);
    try {
      const accepted = await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${launched.alertId}/accept`, headers: { authorization: responder.auth }, payload: {} });
      expect(accepted.statusCode).toBe(200);
      expect(await status()).toBe('dispatched');
    } finally {
      await query(`SET session_replication_role = 'origin'`);
    }
  });

  it('never answers one scope with another scope’s kept answer, and keeps no refusal', async () => {
    const allier = await signInOn(server, 'views-allier@vigil.test', 5, await accountId(server, 'SDIS 03'));
    const launched = await launch(server, operator, offset(area, 0, 140_000), '4 rue des Vues');
    const cardsUrl = `${v2}/citizenRespondersOnCall?alertId=${launched.alertId}&lang=fr`;
    expect((await call(server, operator, 'GET', cardsUrl)).status).toBe(200);
    expect(await addressOf(server, operator, launched.alertId)).toBe('4 rue des Vues');
    expect((await call(server, allier, 'GET', cardsUrl)).status).toBe(404);
    expect(await addressOf(server, allier, launched.alertId)).toBeUndefined();
    expect((await call(server, operator, 'GET', cardsUrl)).status).toBe(200);
    expect((await call(server, allier, 'GET', cardsUrl)).status).toBe(404);
  });

  it('lets a screen told REFRESH_ALERTS read the change at once', async () => {
    const token = operator.replace(/^JWT /, '');
    const socket = await connect(server.app, token, await accountId(server, 'SDIS 63'), clients);
    const launched = await launch(server, operator, offset(area, 0, 160_000), '5 rue des Vues');
    await socket.waitFor(isEvent('REFRESH_ALERTS'));
    await listOn(server, operator); // kept again
    // A change made elsewhere, then its refresh, as the instance that made it publishes them.
    await query('UPDATE alerts SET address = $1 WHERE id = $2', ['6 rue des Vues', launched.alertId]);
    socket.messages.length = 0;
    await server.ctx.realtime.publish([launched.idSite], 'REFRESH_ALERTS', { alertId: launched.alertId });
    await socket.waitFor(isEvent('REFRESH_ALERTS'));
    expect(await addressOf(server, operator, launched.alertId)).toBe('6 rue des Vues');
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('kept alert answers across instances (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let first: TestServer;
  let second: TestServer;
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ first, second, close } = await startTwoInstances());
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => close());

  it('lets a screen on instance B told REFRESH_ALERTS of a launch through A read it at once on B', async () => {
    const operator = await first.signIn('operator@vigil.test');
    const socket = await connect(second.app, operator.replace(/^JWT /, ''), await accountId(first, 'SDIS 63'), clients);
    await listOn(second, operator);
    await listOn(second, operator); // kept on B
    const launched = await launch(first, operator, offset(area, 0, 180_000), '7 rue des Vues');
    await socket.waitFor((message) => isEvent('REFRESH_ALERTS')(message) && message.action === 'eventMsg' && (message.data as { alertId?: number })?.alertId === launched.alertId);
    expect(await addressOf(second, operator, launched.alertId)).toBe('7 rue des Vues');
  });
});
