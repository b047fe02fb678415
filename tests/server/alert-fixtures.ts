import type { Config } from '../../server/src/config';
import type { AlertSettings } from '../../server/src/modules/alerts/settings';
import type { TestServer } from './harness';

/**
 * Helpers of the alert and responder suites. Their responders and AEDs live around Rodez, where the
 * demo data has none, so every count a test reads is the test's own.
 */
export const area = { lat: 44.35, lon: 2.575 };

/** Alert settings as config overrides for startTestServer (registrations are not rate limited in tests). */
export function alertConfig(values: Partial<Record<keyof AlertSettings, string | number | boolean>> = {}): Partial<Config> {
  return { RESPONDER_REGISTER_RATE_PER_MINUTE: 100_000, ...values } as unknown as Partial<Config>;
}

/** The point `north` and `east` metres from `from` (on the sphere earthdistance uses, radius 6378168 m). */
export function offset(from: { lat: number; lon: number }, north: number, east: number): { lat: number; lon: number } {
  return { lat: from.lat + north / 111_319, lon: from.lon + east / (111_319 * Math.cos((from.lat * Math.PI) / 180)) };
}

let sequence = 0;

export interface TestResponder {
  responderId: number;
  token: string;
  /** The Authorization header of the responder API. */
  auth: string;
}

/** Registers a responder through the responder API and reports a position; options tune what the selection sees. */
export async function addResponder(
  server: TestServer,
  at: { lat: number; lon: number },
  options: { available?: boolean; staleSeconds?: number; trainedStatus?: 'trained' | 'untrained' | 'trainedWithoutDiploma'; carriesAed?: boolean; accountStatus?: string; tester?: boolean; language?: string } = {},
): Promise<TestResponder> {
  sequence += 1;
  const registered = await server.app.inject({
    method: 'POST',
    url: '/services/responder/v1/register',
    payload: {
      responder: {
        firstName: 'Test',
        lastName: `Responder ${sequence}`,
        email: `responder${sequence}@example.org`,
        phone: `+3361000${String(sequence).padStart(4, '0')}`,
        age: 30,
        gender: 'female',
        trainedStatus: options.trainedStatus ?? 'trained',
        carriesAed: options.carriesAed ?? false,
        language: options.language ?? 'fr',
      },
      device: { os: 'android', pushToken: `push-token-${sequence}`, buildVersion: '816', udid: `udid-${sequence}` },
    },
  });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const { responderId, token } = registered.json().data as { responderId: number; token: string };
  const auth = `Responder ${token}`;
  const db = server.ctx.database;
  // Registration leaves an account waiting for staff validation (RESPONDER_AUTO_ACTIVATE is off by default); tests start from a validated one.
  await db.query(`UPDATE responders SET account_status = $2 WHERE id = $1`, [responderId, options.accountStatus ?? 'activated']);
  const position = await server.app.inject({ method: 'PUT', url: '/services/responder/v1/position', headers: { authorization: auth }, payload: { ...at, available: options.available ?? true } });
  if (position.statusCode !== 200) throw new Error(`position failed: ${position.body}`);
  if (options.staleSeconds) await db.query(`UPDATE responder_positions SET reported_at = now() - make_interval(secs => $2) WHERE responder_id = $1`, [responderId, options.staleSeconds]);
  if (options.tester) await db.query(`UPDATE responders SET is_tester = true WHERE id = $1`, [responderId]);
  return { responderId, token, auth };
}

/** Puts an AED in the register (as the AED module stores them). */
export async function addAed(
  server: TestServer,
  at: { lat: number; lon: number },
  options: { name?: string; status?: string; alwaysOpened?: boolean; openingHours?: Record<string, { open: string; close: string }[]>; deleted?: boolean } = {},
): Promise<number> {
  const [site] = await server.ctx.database.query<{ id: number }>(`SELECT id FROM accounts ORDER BY id LIMIT 1`);
  const [row] = await server.ctx.database.query<{ id: number }>(
    `INSERT INTO aeds (id_site, name, address, city, lat, lon, status, always_opened, opening_hours, deleted_at)
     VALUES ($1, $2, 'Test street', 'Rodez', $3, $4, $5, $6, $7::jsonb, $8) RETURNING id`,
    [site.id, options.name ?? 'Test AED', at.lat, at.lon, options.status ?? 'available', options.alwaysOpened ?? true, JSON.stringify(options.openingHours ?? {}), options.deleted ? new Date() : null],
  );
  return row.id;
}

/** Calls a staff alert endpoint and returns status and body. */
export async function call(server: TestServer, auth: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

/** Waits until `check` holds (REFRESH_ALERTS and push delivery follow the answer), up to `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
