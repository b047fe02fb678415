import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackground } from '../../server/src/bootstrap';
import { call } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The demo's responders' phones "report" from the moment Vigil starts: a demo started again the
 * next morning (or a test run longer than ALERT_POSITION_FRESH_SECONDS) finds responders at its
 * first alert, not only after the first periodic report.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  // The demo data as found hours later: every position stale; then Vigil starts its background work.
  await server.ctx.database.query(`UPDATE responder_positions SET reported_at = now() - interval '10 hours'`);
  await startBackground(server.ctx);
});
afterAll(async () => server?.close());

it('finds responders at the first alert of a demo whose positions were hours old', async () => {
  const operator = await server.signIn('operator@vigil.test');
  const setUp = await call(server, operator, 'PUT', '/services/emergency/v2/alertSettingUp', { lat: 45.7797, lon: 3.0868, address: '12 rue Blatin', countryCode: 'FR' });
  expect(setUp.status).toBe(200);
  expect(setUp.body.data.nbPotentialBS).toBeGreaterThan(0);
});
