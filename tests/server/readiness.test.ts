import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackground } from '../../server/src/bootstrap';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  // Background parts not started: the instance answers, but its LISTEN connection is not up yet.
  server = await startTestServer({}, { background: false });
}, 240_000);
afterAll(async () => server?.close());

const ready = async () => {
  const response = await server.app.inject({ url: '/ready' });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, retryAfter: response.headers['retry-after'] };
};

describe('liveness and readiness', () => {
  it('is alive before it is ready: /health answers while the listener is not up, /ready waits for it', async () => {
    expect((await server.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok', database: server.ctx.database.kind });
    expect(await ready()).toEqual({
      status: 503,
      retryAfter: '5',
      body: { error: true, msg: 'error.service.not-ready', details: { database: 'ok', migrations: 'ok', listener: 'down' } },
    });
    await startBackground(server.ctx);
    expect(await ready()).toEqual({ status: 200, retryAfter: undefined, body: { status: 'ready', database: 'ok', migrations: 'ok', listener: 'ok' } });
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const db = server.ctx.database;
    const [newest] = await db.query<{ id: number; hash: string; created_at: string }>('SELECT id, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1');
    await db.query('DELETE FROM drizzle.__drizzle_migrations WHERE id = $1', [newest.id]);
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ msg: 'error.service.not-ready', details: { database: 'ok', migrations: 'pending', listener: 'ok' } });
      // Liveness does not depend on it: restarting would not help.
      expect((await server.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await db.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [newest.id, newest.hash, newest.created_at]);
    }
    expect((await ready()).status).toBe(200);
  });
});
