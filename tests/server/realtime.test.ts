import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sessionFromToken } from '../../server/src/plugins/authenticate';
import { createRealtime, type Realtime } from '../../server/src/plugins/realtime';
import { startTestServer, startTwoInstances, type TestServer } from './harness';
import { Client, connect as connectSocket, isEvent, wsUrl } from './ws-client';

const clients: Client[] = [];
const connect = (app: FastifyInstance, token: string, idAccount: number) => connectSocket(app, token, idAccount, clients);

/**
 * Once a socket has an event, the hub has handled every event published before it (one channel,
 * in order, each handed to all its sockets at once); these sockets' pongs then show that anything
 * the hub sent them has arrived, so what they lack was never sent.
 */
const caughtUp = (...sockets: Client[]) => Promise.all(sockets.map((socket) => socket.caughtUp()));

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

/** Account ids of the demo, by the start of their name. */
async function demoAccounts(server: TestServer) {
  const rows = await server.ctx.database.query<{ id: number; name: string }>('SELECT id, name FROM accounts');
  const id = (prefix: string) => rows.find((row) => row.name.startsWith(prefix))!.id;
  return { sdis63: id('SDIS 63'), codis63: id('CODIS 63'), sdis03: id('SDIS 03') };
}

/** A token of `email` switched to the account `idAccount` (third-party access). */
async function switchedToken(server: TestServer, email: string, idAccount: number): Promise<string> {
  const response = await server.app.inject({ url: `/services/backOffice/account/thirdAccess/switch?idAccount=${idAccount}`, headers: { authorization: await server.signIn(email) } });
  expect(response.statusCode).toBe(200);
  return response.json().data.token;
}

const tokenOf = async (server: TestServer, email: string) => (await server.signIn(email)).replace(/^JWT /, '');

describe('real-time hub', () => {
  let server: TestServer;
  let accounts: Awaited<ReturnType<typeof demoAccounts>>;

  beforeAll(async () => {
    server = await startTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    accounts = await demoAccounts(server);
  });
  afterAll(async () => server?.close());

  it('authenticates, then names the account and says ready', async () => {
    await connect(server.app, await tokenOf(server, 'operator@vigil.test'), accounts.sdis63);
    expect(server.ctx.realtime.size()).toBe(1);
  });

  it('handles a setName sent right after authenticate, without waiting for the answer', async () => {
    const client = new Client(wsUrl(server.app));
    clients.push(client);
    await client.opened();
    client.send({ action: 'authenticate', token: await tokenOf(server, 'operator@vigil.test') });
    client.send({ action: 'setName', name: 'test', idAccount: String(accounts.sdis63), env: 'local' });
    expect(await client.waitFor((message) => message.action === 'ready' || message.action === 'error')).toEqual({ action: 'ready', idAccount: String(accounts.sdis63) });
  });

  it('refuses setName before authenticate and for an account the session is not on, and sends it nothing', async () => {
    const control = await connect(server.app, await tokenOf(server, 'operator@vigil.test'), accounts.sdis63);
    const intruder = new Client(wsUrl(server.app));
    clients.push(intruder);
    await intruder.opened();
    intruder.send({ action: 'setName', name: 'x', idAccount: String(accounts.sdis03), env: 'local' });
    expect(await intruder.waitFor((message) => message.action === 'error')).toEqual({ action: 'error', msg: 'error.auth.invalid-token' });
    intruder.messages.length = 0;

    intruder.send({ action: 'authenticate', token: await tokenOf(server, 'operator@vigil.test') });
    await intruder.waitFor((message) => message.action === 'authenticated');
    intruder.send({ action: 'setName', name: 'x', idAccount: String(accounts.sdis03), env: 'local' });
    expect(await intruder.waitFor((message) => message.action === 'error')).toEqual({ action: 'error', msg: 'error.account.not-allowed' });

    await server.ctx.realtime.publish([accounts.sdis03], 'REFRESH_ALERTS');
    await server.ctx.realtime.publish([accounts.sdis63], 'REFRESH_ALERTS');
    await control.waitFor(isEvent('REFRESH_ALERTS'));
    await caughtUp(intruder);
    expect(intruder.events()).toEqual([]);
  });

  it('closes with 4401 on a bad token', async () => {
    const client = new Client(wsUrl(server.app));
    clients.push(client);
    await client.opened();
    client.send({ action: 'authenticate', token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged' });
    expect(await client.closed).toEqual({ code: 4401, reason: 'unauthorized' });
    expect(client.messages).toEqual([{ action: 'error', msg: 'error.auth.invalid-token' }]);
  });

  it('closes with 4401 when the token expires', async () => {
    const [operator] = await server.ctx.database.query<{ id: number; token_version: number }>("SELECT id, token_version FROM users WHERE email = 'operator@vigil.test'");
    // A token's expiry is a whole second: a ttl of 1 can end a few milliseconds after signing,
    // before the socket is ready. 2 leaves it between 1 and 2 seconds.
    const token = await server.ctx.tokens.sign({ userId: operator.id, idGroup: 5, siteId: accounts.sdis63, tokenVersion: operator.token_version }, 2);
    const client = await connect(server.app, token, accounts.sdis63);
    expect(await client.closed).toEqual({ code: 4401, reason: 'session expired' });
    expect(client.messages.at(-1)).toEqual({ action: 'error', msg: 'error.auth.session-expired' });
    await expect.poll(() => server.ctx.realtime.size()).toBe(0);
  });

  it('answers a ping and refuses what is not a message', async () => {
    const client = new Client(wsUrl(server.app));
    clients.push(client);
    await client.opened();
    client.send({ action: 'ping' });
    expect(await client.waitFor(() => true)).toEqual({ action: 'pong' });
    client.socket.send('not json');
    expect(await client.waitFor((message) => message.action === 'error')).toEqual({ action: 'error', msg: 'error.validation' });
  });

  it('sends an event to the account and its parent, never to another account, and alerts only to groups 1, 5, 6', async () => {
    const parent = await connect(server.app, await tokenOf(server, 'operator@vigil.test'), accounts.sdis63);
    const child = await connect(server.app, await switchedToken(server, 'admin@vigil.test', accounts.codis63), accounts.codis63);
    const other = await connect(server.app, await switchedToken(server, 'admin@vigil.test', accounts.sdis03), accounts.sdis03);
    const referent = await connect(server.app, await tokenOf(server, 'referent@vigil.test'), accounts.sdis63);
    const aedManager = await connect(server.app, await tokenOf(server, 'aed-manager@vigil.test'), accounts.sdis63);

    await server.ctx.realtime.publish([accounts.codis63], 'REFRESH_ALERTS');
    await child.waitFor(isEvent('REFRESH_ALERTS'));
    await parent.waitFor(isEvent('REFRESH_ALERTS'));
    await caughtUp(other, referent, aedManager);
    expect(other.events()).toEqual([]);
    expect(referent.events()).toEqual([]);
    expect(aedManager.events()).toEqual([]);

    await server.ctx.realtime.publish([accounts.codis63], 'REFRESH_NOTIFS');
    await referent.waitFor(isEvent('REFRESH_NOTIFS'));
    await aedManager.waitFor(isEvent('REFRESH_NOTIFS'));
    await parent.waitFor(isEvent('REFRESH_NOTIFS'));
    await child.waitFor(isEvent('REFRESH_NOTIFS'));
    await caughtUp(other);
    expect(other.events()).toEqual([]);

    // An event of the parent account is not one of its child's.
    await server.ctx.realtime.publish([accounts.sdis63], 'REFRESH_ALERTS');
    await expect.poll(() => parent.events()).toEqual(['REFRESH_ALERTS', 'REFRESH_NOTIFS', 'REFRESH_ALERTS']);
    await caughtUp(child, referent, other);
    expect(child.events()).toEqual(['REFRESH_ALERTS', 'REFRESH_NOTIFS']);
    expect(referent.events()).toEqual(['REFRESH_NOTIFS']);
    expect(other.events()).toEqual([]);
  });

  it('sends nothing to a session that must first change its password (group 100001)', async () => {
    const newcomer = await connect(server.app, await tokenOf(server, 'newcomer@vigil.test'), accounts.sdis63);
    const aedManager = await connect(server.app, await tokenOf(server, 'aed-manager@vigil.test'), accounts.sdis63);
    for (const event of ['REFRESH_ALERTS', 'REFRESH_NOTIFS', 'REFRESH_IMPORT'] as const) await server.ctx.realtime.publish([accounts.sdis63], event);
    await expect.poll(() => aedManager.events()).toEqual(['REFRESH_NOTIFS', 'REFRESH_IMPORT']);
    await caughtUp(newcomer);
    expect(newcomer.events()).toEqual([]);
  });

  it('passes the event data along', async () => {
    const client = await connect(server.app, await tokenOf(server, 'operator@vigil.test'), accounts.sdis63);
    await server.ctx.realtime.publish([accounts.sdis63], 'REFRESH_ALERTS', { alertId: 42 });
    expect(await client.waitFor(isEvent('REFRESH_ALERTS'))).toEqual({ action: 'eventMsg', eventMsg: 'REFRESH_ALERTS', data: { alertId: 42 } });
  });

  it('forgets a socket once it closes', async () => {
    const client = await connect(server.app, await tokenOf(server, 'operator@vigil.test'), accounts.sdis63);
    expect(server.ctx.realtime.size()).toBeGreaterThan(0);
    client.socket.close();
    await client.closed;
    await expect.poll(() => server.ctx.realtime.size()).toBe(0);
  });
});

describe('real-time heartbeat', () => {
  let server: TestServer;
  let hub: Realtime;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await startTestServer({}, { background: false });
    // A hub of its own with a fast heartbeat, on the same database and sessions.
    hub = createRealtime(server.ctx.database, pino({ level: 'silent' }) as FastifyBaseLogger, { heartbeatMs: 100 });
    app = Fastify();
    await app.register(websocket);
    hub.route(app, '/services/ws', (token) => sessionFromToken(server.ctx, token));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await hub?.stop();
    await app?.close();
    await server?.close();
  });

  it('keeps a socket that answers pings and drops one that does not', async () => {
    const accounts = await demoAccounts(server);
    const token = await tokenOf(server, 'operator@vigil.test');
    const healthy = await connect(app, token, accounts.sdis63);
    const dead = new Client(wsUrl(app), { autoPong: false }); // a peer that vanished without closing
    clients.push(dead);
    await dead.opened();
    dead.send({ action: 'authenticate', token });
    await dead.waitFor((message) => message.action === 'authenticated');
    dead.send({ action: 'setName', name: 'dead', idAccount: String(accounts.sdis63), env: 'local' });
    await dead.waitFor((message) => message.action === 'ready');
    expect(hub.size()).toBe(2);

    const { code } = await dead.closed;
    expect(code).toBe(1006); // terminated, no close frame
    await expect.poll(() => hub.size()).toBe(1);
    // Five more beats, each a ping the healthy socket answers: it stays.
    await new Promise<void>((resolve) => {
      let beats = 0;
      const beat = () => {
        if (++beats < 5) return;
        healthy.socket.off('ping', beat);
        resolve();
      };
      healthy.socket.on('ping', beat);
    });
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    expect(hub.size()).toBe(1);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('real-time across instances (PostgreSQL LISTEN/NOTIFY; skipped without TEST_DATABASE_URL)', () => {
  let first: TestServer;
  let second: TestServer;
  let close: () => Promise<void> = async () => undefined;
  let accounts: Awaited<ReturnType<typeof demoAccounts>>;

  beforeAll(async () => {
    ({ first, second, close } = await startTwoInstances());
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    accounts = await demoAccounts(first);
  }, 120_000); // two instances to start
  afterAll(async () => close());

  it('delivers an event published on instance A to a socket on instance B, of that account only', async () => {
    const onB = await connect(second.app, await tokenOf(first, 'operator@vigil.test'), accounts.sdis63);
    const otherOnB = await connect(second.app, await switchedToken(first, 'administrator@vigil.test', accounts.sdis03), accounts.sdis03);
    await first.ctx.realtime.publish([accounts.codis63], 'REFRESH_ALERTS');
    await onB.waitFor(isEvent('REFRESH_ALERTS'));
    await caughtUp(otherOnB);
    expect(otherOnB.events()).toEqual([]);
  });

  it('listens again after losing its database connection', async () => {
    const onB = await connect(second.app, await tokenOf(first, 'operator@vigil.test'), accounts.sdis63);
    const admin = new pg.Client({ connectionString: second.ctx.config.DATABASE_URL });
    await admin.connect();
    try {
      // What a database restart does to the listening session.
      const { rowCount } = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'",
      );
      expect(rowCount).toBeGreaterThanOrEqual(2); // the listeners of A and of B
    } finally {
      await admin.end();
    }
    // Nothing was published: this refresh comes from the hub, since events may have been missed.
    await onB.waitFor(isEvent('REFRESH_ALERTS'));
    await expect
      .poll(
        async () => {
          await first.ctx.realtime.publish([accounts.sdis63], 'REFRESH_NOTIFS');
          return onB.events().includes('REFRESH_NOTIFS');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
  });
});
