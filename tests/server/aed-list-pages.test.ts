import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/database';
import { insertAeds } from '../../server/src/modules/imports/aed-writer';
import { catchUp, deferUpkeep } from '../../server/src/modules/aeds/upkeep';
import { accountId, aedBase, call, signInOn } from '../fixtures/aed/helpers';
import { addResponder, area } from './alert-fixtures';
import { startTestServer, startTwoInstances, type TestServer } from './harness';

/**
 * List answers are kept while the register's changes are announced: whatever changes an AED (this
 * instance's calls, plain SQL as another instance would, a deferred catch-up), the next lists show
 * it, and no caller ever sees another scope's answer.
 */
let server: TestServer;
let operator: string;
let sdis63: number;

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.signIn('operator@vigil.test');
  sdis63 = await accountId(server, 'SDIS 63');
});
afterAll(async () => server?.close());

type Row = { udid: string; name: string; onGoingReports: number };
const list = async (auth = operator, body: Record<string, unknown> = {}) => {
  const { status, body: answer } = await call(server, auth, 'POST', `${aedBase}/getAllList`, { filter: [], ...body });
  expect(status).toBe(200);
  return answer.data as { list: Row[]; count: { totalCount: number } };
};
const query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => server.ctx.database.query<T>(text, params);
const firstName = async () => (await list()).list[0].name;

describe('kept AED list answers', () => {
  it('keeps an answer until a change is announced', async () => {
    const { udid, name } = (await list()).list[0];
    await query('UPDATE aeds SET name = $1 WHERE udid = $2', [`${name} (renamed)`, udid]);
    await expect.poll(firstName, { timeout: 3000 }).toBe(`${name} (renamed)`);

    // Unannounced (triggers silenced), the kept answer stands: it is read from memory.
    await server.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = 'replica'`);
      await tx.execute(sql`UPDATE aeds SET name = 'Silent rename' WHERE udid = ${udid}`);
    });
    expect(await firstName()).toBe(`${name} (renamed)`);
    // The responder app's calls leave them: its changes arrive through the announcements.
    const responder = await addResponder(server, area);
    const moved = await server.app.inject({ method: 'PUT', url: '/services/responder/v1/position', headers: { authorization: responder.auth }, payload: { ...area, available: true } });
    expect(moved.statusCode).toBe(200);
    expect(await firstName()).toBe(`${name} (renamed)`);
    // Any staff call that may write forgets the kept answers of its instance before it answers.
    const patched = await call(server, operator, 'PATCH', `${aedBase}/patchAed/${udid}`, { name });
    expect(patched.status).toBe(200);
    expect(await firstName()).toBe(name);
  });

  it('answers gzipped to a caller that takes it, the same JSON', async () => {
    const ask = (acceptEncoding?: string) =>
      server.app.inject({ method: 'POST', url: `${aedBase}/getAllList`, headers: { authorization: operator, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) }, payload: { filter: [] } });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const accepted of ['gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*']) {
      const zipped = await ask(accepted);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    for (const refused of ['gzip;q=0', 'br', 'identity']) expect((await ask(refused)).headers['content-encoding']).toBeUndefined();
  });

  it('shows a new open report on the next list', async () => {
    const { udid, onGoingReports } = (await list()).list[0];
    const [{ id }] = await query<{ id: number }>('SELECT id FROM aeds WHERE udid = $1', [udid]);
    await query("INSERT INTO aed_reports (aed_id, problem_type, description) VALUES ($1, 1, 'Not in its cabinet')", [id]);
    await expect.poll(async () => (await list()).list[0].onGoingReports, { timeout: 3000 }).toBe(onGoingReports + 1);
  });

  it('counts AEDs of a bulk load once their catch-up is done', async () => {
    const before = (await list()).count.totalCount;
    await server.ctx.database.db.transaction(async (tx) => {
      await deferUpkeep(tx as unknown as Db);
      await insertAeds(tx as unknown as Db, [{ idSite: sdis63, country: 'FR', values: { name: 'Kept pages gymnase', lat: 45.77, lon: 3.08 } }]);
    });
    // The new AED is on the first page (newest first) but counted only after its catch-up.
    await expect.poll(firstName, { timeout: 3000 }).toBe('Kept pages gymnase');
    expect((await list()).count.totalCount).toBe(before);
    expect(await catchUp(server.ctx.database.db)).toBe(1);
    await expect.poll(async () => (await list()).count.totalCount, { timeout: 3000 }).toBe(before + 1);
  });

  it('never answers one scope with another scope\'s kept page', async () => {
    const sdis03 = await accountId(server, 'SDIS 03');
    const allier = await signInOn(server, 'pages-allier@vigil.test', 8, sdis03);
    const mine = await list();
    const theirs = await list(allier);
    expect(theirs.count.totalCount).not.toBe(mine.count.totalCount);
    const theirUdids = new Set(theirs.list.map((row) => row.udid));
    expect(mine.list.some((row) => theirUdids.has(row.udid))).toBe(false);
    // The same request by the same scope, asked again, is the same answer.
    expect(await list(allier)).toEqual(theirs);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('kept AED list answers across instances (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let first: TestServer;
  let second: TestServer;
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ first, second, close } = await startTwoInstances());
  });
  afterAll(async () => close());

  it('shows on instance B a change made through instance A', async () => {
    const token = await first.signIn('operator@vigil.test');
    const listOn = async (instance: TestServer) => (await call(instance, token, 'POST', `${aedBase}/getAllList`, { filter: [] })).body.data.list as Row[];
    const [{ udid, name }] = await listOn(second);
    expect((await listOn(second))[0].name).toBe(name); // kept on B
    const patched = await call(first, token, 'PATCH', `${aedBase}/patchAed/${udid}`, { name: `${name} (from A)` });
    expect(patched.status).toBe(200);
    await expect.poll(async () => (await listOn(second))[0].name, { timeout: 3000 }).toBe(`${name} (from A)`);
  });
});
