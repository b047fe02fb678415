import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addResponder, alertConfig, area, call, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';
import { listenForMetrics } from '../../server/src/observability/metrics-route';
import { connect, type Client } from './ws-client';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });
const token = 'a metrics token for the scraper';
const v2 = '/services/emergency/v2';
let server: TestServer;
let operator: string;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer({ ...alertConfig({ ALERT_DISTANCE_MAX_KM: 0.5 }), METRICS_TOKEN: token });
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
});

const scrape = async () => {
  const response = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one sample of a scrape (`name{labels}`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics on the public listener', () => {
  it('answers only with the METRICS_TOKEN bearer token', async () => {
    expect((await server.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not the token at all' } })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/metrics', headers: { authorization: `JWT ${token}` } })).statusCode).toBe(401);
    const response = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(response.body).toContain('# TYPE process_cpu_seconds_total counter');
    expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('does not exist there without METRICS_TOKEN', async () => {
    const bare = await startTestServer({}, { background: false });
    try {
      expect((await bare.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('is served without a token on METRICS_PORT, a listener of its own', async () => {
    const listener = await listenForMetrics({ ...server.ctx, config: { ...server.ctx.config, METRICS_PORT: 0, METRICS_HOST: '127.0.0.1' } });
    try {
      const { port } = listener.server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(sample(await response.text(), 'vigil_database_up')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/services/backOffice/signin/`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('what the metrics count', () => {
  it('observes each request by method, route pattern and status', async () => {
    const labels = { method: 'GET', route: `${v2}/alerts/:alertId`, status_code: '404' };
    const before = sample(await scrape(), 'vigil_http_request_duration_seconds_count', labels) ?? 0;
    expect((await call(server, operator, 'GET', `${v2}/alerts/987654`)).status).toBe(404);
    const text = await scrape();
    expect(sample(text, 'vigil_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(sample(text, 'vigil_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    // An unknown path is one label, not one per URL.
    await server.app.inject({ url: '/services/no/such/thing/42' });
    expect(sample(await scrape(), 'vigil_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThan(0);
  });

  it('counts a launch, the live alert, its requests by status and its push messages by provider', async () => {
    const victim = offset(area, 7000, -7000);
    await addResponder(server, offset(victim, 100, 0));
    await addResponder(server, offset(victim, 0, 120));
    const launched = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: 'metrics', alertType: 1 });
    expect(launched.status).toBe(200);
    await vi.waitFor(async () => expect(sample(await scrape(), 'vigil_push_messages_total', { provider: 'log', outcome: 'sent' })).toBeGreaterThanOrEqual(2), { timeout: 15_000 });
    const text = await scrape();
    expect(sample(text, 'vigil_alerts_launched_total', { test: 'false' })).toBe(1);
    expect(sample(text, 'vigil_alerts_live', { test: 'false' })).toBe(1);
    expect(sample(text, 'vigil_alert_requests', { status: 'available' })).toBe(2);
  });

  it('counts the alerts the auto-close job closes', async () => {
    const victim = offset(area, -7000, 7000);
    const launched = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: 'auto-closed', alertType: 1 });
    await server.ctx.database.query('UPDATE alerts SET auto_close_at = now() - interval \'1 minute\' WHERE id = $1', [launched.body.data.alertId]);
    const before = sample(await scrape(), 'vigil_alerts_auto_closed_total') ?? 0;
    await server.ctx.jobs.send('alert.auto-close', { alertId: launched.body.data.alertId });
    await vi.waitFor(async () => expect(sample(await scrape(), 'vigil_alerts_auto_closed_total')).toBeGreaterThan(before), { timeout: 15_000 });
  });

});

describe('the shared state, on an instance whose workers are not running', () => {
  let idle: TestServer;
  beforeAll(async () => {
    idle = await startTestServer({ METRICS_TOKEN: token }, { background: false });
  });
  afterAll(async () => idle?.close());
  const read = async () => (await idle.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;

  it('reads the outbox depth by status and the age of its oldest due message', async () => {
    const { responderId } = await addResponder(idle, area);
    const before = await read();
    await idle.ctx.database.query(
      `INSERT INTO push_outbox (device_id, responder_id, kind, status, next_attempt_at)
       SELECT d.id, d.responder_id, 'NOTIFICATION', s.status, now() - s.age
         FROM responder_devices d, (VALUES ('pending', interval '90 seconds'), ('pending', interval '0 seconds'), ('pending', interval '-1 hour'), ('held', interval '0 seconds')) AS s(status, age)
        WHERE d.responder_id = $1`,
      [responderId],
    );
    const text = await read();
    const depth = (scrape: string, status: string) => sample(scrape, 'vigil_push_outbox_depth', { status }) ?? 0;
    expect(depth(text, 'pending') - depth(before, 'pending')).toBe(3);
    expect(depth(text, 'held') - depth(before, 'held')).toBe(1);
    const oldest = sample(text, 'vigil_push_outbox_oldest_due_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(90);
    expect(oldest).toBeLessThan(3600);
  });

  it('reads the depth, the running jobs and the lag of a durable queue', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      idle.ctx.jobs.work('metrics.test', () => released);
      await idle.ctx.jobs.start();
      await idle.ctx.jobs.send('metrics.test', {});
      await idle.ctx.jobs.send('metrics.test', {});
      await vi.waitFor(async () => {
        const text = await read();
        expect(sample(text, 'vigil_job_queue_active', { queue: 'metrics.test' })).toBe(1);
        expect(sample(text, 'vigil_job_queue_depth', { queue: 'metrics.test' })).toBe(1);
        expect(sample(text, 'vigil_job_queue_lag_seconds', { queue: 'metrics.test' })).toBeGreaterThan(0);
      }, { timeout: 15_000 });
    } finally {
      release();
    }
  });
});

describe('imports, sockets and connections', () => {
  it('reads the rate of an import being processed', async () => {
    const db = server.ctx.database;
    const [file] = await db.query<{ id: string }>(
      `INSERT INTO import_files (id_site, user_id, original_name, format, header) SELECT site_id, id, 'metrics.csv', 'csv', '[]'::jsonb FROM users WHERE email = 'operator@vigil.test' RETURNING id`,
    );
    const [run] = await db.query<{ id: number }>(
      `INSERT INTO imports (id_site, user_id, name, file_id, state, processed, total, counts, started_at, lease_owner, lease_until)
       SELECT id_site, user_id, 'metrics', id, 'processing', 1000, 5000, '{}'::jsonb, now() - interval '10 seconds', 'elsewhere', now() + interval '1 hour' FROM import_files WHERE id = $1 RETURNING id`,
      [file.id],
    );
    try {
      const text = await scrape();
      expect(sample(text, 'vigil_import_rows_processed', { import_id: String(run.id) })).toBe(1000);
      const rate = sample(text, 'vigil_import_rows_per_second', { import_id: String(run.id) })!;
      expect(rate).toBeGreaterThan(50);
      expect(rate).toBeLessThanOrEqual(100);
    } finally {
      await db.query('DELETE FROM import_files WHERE id = $1', [file.id]);
    }
  });

  it('counts the WebSocket clients, the database connections and the listener', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const [{ id_site: site }] = await server.ctx.database.query<{ id_site: number }>("SELECT site_id AS id_site FROM users WHERE email = 'operator@vigil.test'");
    const before = sample(await scrape(), 'vigil_websocket_connections')!;
    await connect(server.app, operator.replace(/^JWT /, ''), site, clients);
    const text = await scrape();
    expect(sample(text, 'vigil_websocket_connections')).toBe(before + 1);
    expect(sample(text, 'vigil_database_listener_up')).toBe(1);
    expect(sample(text, 'vigil_database_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'vigil_database_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    expect(sample(text, 'vigil_database_up')).toBe(1);
  });
});
