import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pushDelivery } from '../../server/src/adapters/push/delivery';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let sites: { sdis63: number; codis63: number; sdis03: number; publicApp: number };

const base = '/services/backoffice/admin/notification';

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, authorization: string | undefined, payload?: object) {
  const response = await server.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.ctx.database.query<T>(text, params);
}

/** Polls until `check` returns a value, up to `timeoutMs`. */
async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(250);
  }
}

async function item(id: number) {
  const [row] = await query<{ status: string; recipients: number; sent_count: number; failed_count: number }>('SELECT status, recipients, sent_count, failed_count FROM notifications WHERE id = $1', [id]);
  return row;
}

const form = (overrides: object = {}) => ({
  title: 'Exercice régional',
  idSite: sites.publicApp,
  osDevice: 'all',
  sendingType: 'multiple',
  engagementLevel: 'all',
  accountStatus: 'activated',
  filter: [],
  fakeBatch: 1000,
  messageType: 'information',
  language: 'fr',
  message: 'Un exercice aura lieu samedi.',
  distribution: 'immediate',
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@vigil.test');
  const rows = await query<{ id: number; name: string }>('SELECT id, name FROM accounts');
  const id = (prefix: string) => rows.find((row) => row.name.startsWith(prefix))!.id;
  sites = { sdis63: id('SDIS 63'), codis63: id('CODIS 63'), sdis03: id('SDIS 03'), publicApp: id('Vigil public app') };
});
afterAll(async () => server?.close());

describe('admin list', () => {
  it('pages the seeded notifications, newest first, with counts sent and the actions each status allows', async () => {
    const { status, body } = await call('GET', `${base}/getAdminNotifications?limit=20&page=1`, admin);
    expect(status).toBe(200);
    const seeded = body.data.list.filter((row: { title: string }) => ['Formation PSC1 gratuite', 'Journée mondiale du cœur', 'Nouvelle version de l’application', 'Merci pour votre engagement', 'Enquête de satisfaction'].includes(row.title));
    expect(seeded.map((row: { status: string }) => row.status)).toEqual(['draft', 'planned', 'stopped', 'sent', 'sentBlocked']);
    expect(seeded.map((row: { statusGroup: string }) => row.statusGroup)).toEqual(['draft', 'planned', 'inProgress', 'sent', 'sentBlocked']);
    const byStatus = Object.fromEntries(seeded.map((row: { status: string }) => [row.status, row]));
    expect(byStatus.sent).toMatchObject({ recipients: 40, sentCount: 40, failedCount: 0, pendingCount: 0, siteName: 'Vigil public app' });
    expect(byStatus.stopped).toMatchObject({ recipients: 40, sentCount: 15, pendingCount: 25, actions: { play: true, stop: false, delete: true, edit: false } });
    expect(byStatus.sentBlocked).toMatchObject({ sentCount: 0, failedCount: 40, actions: { play: true, stop: false, delete: true } });
    expect(byStatus.draft.actions).toEqual({ play: false, stop: false, delete: true, duplicate: true, edit: true });
    expect(byStatus.planned.actions).toMatchObject({ play: false, stop: false, delete: true });
  });

  it('filters by site, OS and type, and pages by 20 with page = zero-based page + 1', async () => {
    const surveys = await call('GET', `${base}/getAdminNotifications?type=survey`, admin);
    expect(surveys.body.data.list.every((row: { messageType: string }) => row.messageType === 'survey')).toBe(true);
    expect(surveys.body.data.count).toBeGreaterThanOrEqual(1);
    const all = (await call('GET', `${base}/getAdminNotifications`, admin)).body.data;
    const second = (await call('GET', `${base}/getAdminNotifications?limit=2&page=2`, admin)).body.data;
    expect(second.count).toBe(all.count);
    expect(second.list.map((row: { id: number }) => row.id)).toEqual(all.list.slice(2, 4).map((row: { id: number }) => row.id));
    expect((await call('GET', `${base}/getAdminNotifications?idSite=${sites.codis63}`, admin)).body.data.list.every((row: { idSite: number }) => row.idSite === sites.codis63)).toBe(true);
    expect((await call('GET', `${base}/getAdminNotifications?osDevice=web`, admin)).body.data.list.every((row: { osDevice: string }) => row.osDevice === 'web')).toBe(true);
    expect((await call('GET', `${base}/getAdminNotifications?page=0`, admin)).status).toBe(400);
  });

  it('gives a planned notification without a start job (demo data) its job when listed', async () => {
    const [planned] = await query<{ id: number; job_id: string | null }>(`SELECT id, job_id FROM notifications WHERE title = 'Journée mondiale du cœur'`);
    expect(planned.job_id).not.toBeNull();
    const [job] = await query<{ name: string; state: string; data: { id: number } }>('SELECT name, state, data FROM pgboss.job WHERE id = $1', [planned.job_id]);
    expect(job).toMatchObject({ name: 'notification.start', state: 'created', data: { id: planned.id } });
  });
});

describe('composing and sending', () => {
  it('counts the potential recipients of a targeting as the database does', async () => {
    const targeting = { ...form(), filter: [{ field: 'trainedStatus', operator: 'eq', value: 'trained' }, { field: 'age', operator: 'gte', value: 30 }], phonePrefix: '+33' };
    const { status, body } = await call('POST', `${base}/getPotentialCitizens`, admin, targeting);
    expect(status).toBe(200);
    const [expected] = await query<{ citizens: number; devices: number }>(
      `SELECT count(DISTINCT r.id)::int AS citizens, count(*)::int AS devices FROM responder_devices d JOIN responders r ON r.id = d.responder_id
        WHERE d.active AND d.push_token IS NOT NULL AND NOT r.is_bot AND r.id_site = $1 AND r.account_status = 'activated' AND r.language = 'fr'
          AND r.trained_status = 'trained' AND r.age >= 30 AND r.phone LIKE '+33%'`,
      [sites.publicApp],
    );
    expect(expected.devices).toBeGreaterThan(10);
    expect(body.data).toEqual(expected);
  });

  it('sends an immediate notification to every targeted device through the outbox, then marks it sent', async () => {
    const filter = [{ field: 'gender', operator: 'eq', value: 'female' }, { field: 'interventionsCount', operator: 'gte', value: 1 }];
    const expected = (await call('POST', `${base}/getPotentialCitizens`, admin, { ...form(), filter })).body.data.devices;
    const { status, body } = await call('POST', `${base}/postAdminNotification`, admin, form({ title: 'Rappel formation', filter, url: 'https://vigil.test/formation' }));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'activated', statusGroup: 'inProgress', recipients: expected, actions: { stop: true, play: false, delete: false } });
    const id = body.data.id;
    const done = await eventually(async () => {
      const row = await item(id);
      return row.status === 'sent' && row;
    });
    expect(done).toMatchObject({ recipients: expected, sent_count: expected, failed_count: 0 });
    const messages = await query<{ device_id: number; status: string; provider: string; payload: { title: string; body: string; url: string; data: Record<string, string> } }>(
      `SELECT device_id, status, provider, payload FROM push_outbox WHERE notification_id = $1`,
      [String(id)],
    );
    expect(messages).toHaveLength(expected);
    expect(new Set(messages.map((message) => message.device_id)).size).toBe(expected);
    expect(messages.every((message) => message.status === 'sent' && message.provider === 'log')).toBe(true);
    expect(messages[0].payload).toMatchObject({ title: 'Rappel formation', body: 'Un exercice aura lieu samedi.', url: 'https://vigil.test/formation', data: { notificationId: String(id), kind: 'notification' } });
    const listed = (await call('GET', `${base}/getAdminNotifications`, admin)).body.data.list.find((row: { id: number }) => row.id === id);
    expect(listed).toMatchObject({ status: 'sent', statusGroup: 'sent', sentCount: expected, pendingCount: 0 });
  });

  it('releases messages fakeBatch per second', async () => {
    const { body } = await call('POST', `${base}/postAdminNotification`, admin, form({ title: 'Par lots', fakeBatch: 150 }));
    const id = body.data.id;
    expect(body.data.recipients).toBeGreaterThan(300);
    await eventually(async () => (await item(id)).status === 'sent');
    // The k-th message (by device) is due k / 150 whole seconds after the outbox was filled, and none leaves before.
    const [spread] = await query<{ total: number; early: number; seconds: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE sent_at < created_at + (rank / 150)::float8 * interval '1 second')::int AS early, max(rank / 150)::int AS seconds
         FROM (SELECT sent_at, created_at, row_number() OVER (ORDER BY device_id) - 1 AS rank FROM push_outbox WHERE notification_id = $1 AND status = 'sent') AS m`,
      [id],
    );
    expect(spread.total).toBe(body.data.recipients);
    expect(spread.seconds).toBeGreaterThanOrEqual(2);
    expect(spread.early).toBe(0);
  });

  it('sends a single notification to one phone only', async () => {
    const [device] = await query<{ udid: string }>(`SELECT d.udid FROM responder_devices d JOIN responders r ON r.id = d.responder_id WHERE r.id_site = $1 AND r.account_status = 'activated' AND d.push_token IS NOT NULL ORDER BY d.id DESC LIMIT 1`, [sites.publicApp]);
    const found = await call('GET', `${base}/getNoCitizen?filter=${encodeURIComponent(device.udid.slice(0, 12))}&idSite=${sites.publicApp}&osDevice=all`, admin);
    expect(found.body.data.map((row: { udid: string }) => row.udid)).toContain(device.udid);
    const missing = await call('POST', `${base}/postAdminNotification`, admin, form({ sendingType: 'single' }));
    expect(missing).toMatchObject({ status: 400, body: { msg: 'error.notification.udid-required' } });
    const unknown = await call('POST', `${base}/postAdminNotification`, admin, form({ sendingType: 'single', udid: 'no-such-phone' }));
    expect(unknown).toMatchObject({ status: 422, body: { msg: 'error.notification.udid-unknown' } });
    const { body } = await call('POST', `${base}/postAdminNotification`, admin, form({ sendingType: 'single', udid: device.udid, title: 'Pour vous' }));
    expect(body.data).toMatchObject({ recipients: 1, udid: device.udid, sendingType: 'single' });
    await eventually(async () => (await item(body.data.id)).status === 'sent');
  });

  it('refuses a send nobody would receive, and the checks of spec §5', async () => {
    const nobody = await call('POST', `${base}/postAdminNotification`, admin, form({ filter: [{ field: 'age', operator: 'gt', value: 149 }] }));
    expect(nobody).toMatchObject({ status: 422, body: { msg: 'error.notification.no-recipients' } });
    expect((await call('POST', `${base}/postAdminNotification`, admin, form({ fakeBatch: 0 }))).status).toBe(400);
    expect((await call('POST', `${base}/postAdminNotification`, admin, form({ title: '' }))).status).toBe(400);
    const { title: _title, ...untitled } = form();
    expect((await call('POST', `${base}/postAdminNotification`, admin, untitled)).status).toBe(400);
    expect((await call('POST', `${base}/postAdminNotification`, admin, form({ distribution: 'programmed' }))).body.msg).toBe('error.notification.date-required');
    const past = await call('POST', `${base}/postAdminNotification`, admin, form({ distribution: 'programmed', programmedDate: new Date(Date.now() - 60_000).toISOString() }));
    expect(past).toMatchObject({ status: 400, body: { msg: 'error.notification.date-past' } });
    expect((await call('POST', `${base}/postAdminNotification`, admin, form({ phonePrefix: '33' }))).status).toBe(400);
    expect((await call('POST', `${base}/postAdminNotification`, admin, form({ url: 'javascript:alert(1)' }))).status).toBe(400);
  });
});

describe('status chart through the API', () => {
  it('keeps a draft from taking an immediate distribution, and plans it once it has a date', async () => {
    const immediateDraft = await call('POST', `${base}/postAdminNotification`, admin, form({ draft: true }));
    expect(immediateDraft).toMatchObject({ status: 409, body: { msg: 'error.notification.draft-immediate' } });
    const draft = await call('POST', `${base}/postAdminNotification`, admin, form({ draft: true, distribution: 'programmed', title: 'Brouillon' }));
    expect(draft.body.data).toMatchObject({ status: 'draft', programmedDate: null, recipients: 0 });
    const id = draft.body.data.id;
    const loaded = await call('GET', `${base}/getDraftNotification?id=${id}`, admin);
    expect(loaded.body.data).toMatchObject({ id, title: 'Brouillon', message: 'Un exercice aura lieu samedi.', distribution: 'programmed', fakeBatch: 1000 });
    const edited = await call('POST', `${base}/postAdminNotification`, admin, form({ id, draft: true, distribution: 'programmed', title: 'Brouillon revu' }));
    expect(edited.body.data).toMatchObject({ id, status: 'draft', title: 'Brouillon revu' });
    const sendNow = await call('POST', `${base}/postAdminNotification`, admin, form({ id, distribution: 'immediate' }));
    expect(sendNow).toMatchObject({ status: 409, body: { msg: 'error.notification.draft-immediate' } });
    const date = new Date(Date.now() + 3600_000).toISOString();
    const planned = await call('POST', `${base}/postAdminNotification`, admin, form({ id, distribution: 'programmed', programmedDate: date }));
    expect(planned.body.data).toMatchObject({ id, status: 'planned', statusGroup: 'planned', programmedDate: date });
    expect((await call('GET', `${base}/getDraftNotification?id=${id}`, admin))).toMatchObject({ status: 409, body: { msg: 'error.notification.draft-load' } });
    expect((await call('POST', `${base}/postAdminNotification`, admin, form({ id, draft: true, distribution: 'programmed' })))).toMatchObject({ status: 409, body: { msg: 'error.notification.cannot-edit' } });
    expect((await call('POST', `${base}/playOrStopNotification`, admin, { id }))).toMatchObject({ status: 409, body: { msg: 'error.notification.cannot-toggle' } });
    const [{ job_id: jobId }] = await query<{ job_id: string }>('SELECT job_id FROM notifications WHERE id = $1', [id]);
    expect((await call('DELETE', `${base}/deleteAdminNotification/${id}`, admin)).body).toEqual({ data: { id, deleted: true } });
    const [job] = await query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [jobId]);
    expect(job.state).toBe('cancelled');
    expect((await call('GET', `${base}/getDraftNotification?id=${id}`, admin)).status).toBe(404);
  });

  it('stops and plays a send: held messages wait, then go', async () => {
    const [stopped] = await query<{ id: number }>(`SELECT id FROM notifications WHERE title = 'Nouvelle version de l’application'`);
    const id = stopped.id;
    // A whole delivery pass of the outbox: held messages are not among what it sends.
    await pushDelivery(server.ctx).drain();
    const sentOf = async () => (await query<{ sent: number }>(`SELECT count(*)::int AS sent FROM push_outbox WHERE notification_id = $1 AND status = 'sent'`, [String(id)]))[0].sent;
    expect(await sentOf()).toBe(15);
    const played = await call('POST', `${base}/playOrStopNotification`, admin, { id });
    expect(played.body.data).toMatchObject({ status: 'activated', actions: { stop: true, play: false, delete: false } });
    expect((await call('DELETE', `${base}/deleteAdminNotification/${id}`, admin))).toMatchObject({ status: 409, body: { msg: 'error.notification.cannot-delete' } });
    const done = await eventually(async () => {
      const row = await item(id);
      return row.status === 'sent' && row;
    });
    expect(done).toMatchObject({ sent_count: 40, failed_count: 0 });
    expect((await call('POST', `${base}/playOrStopNotification`, admin, { id }))).toMatchObject({ status: 409, body: { msg: 'error.notification.cannot-toggle', details: { status: 'sent' } } });
  });

  it('stops an activated send before all messages are out', async () => {
    const { body } = await call('POST', `${base}/postAdminNotification`, admin, form({ title: 'À arrêter', fakeBatch: 5 }));
    const id = body.data.id;
    const stopped = await call('POST', `${base}/playOrStopNotification`, admin, { id });
    expect(stopped.body.data).toMatchObject({ status: 'stopped', statusGroup: 'inProgress', actions: { play: true, stop: false } });
    const heldAt = (await item(id)).sent_count;
    // The batch already with the provider ends, then a whole delivery pass runs: it sends nothing held.
    await pushDelivery(server.ctx).drain();
    const [{ held, pending }] = await query<{ held: number; pending: number }>(
      `SELECT count(*) FILTER (WHERE status = 'held')::int AS held, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM push_outbox WHERE notification_id = $1`,
      [id],
    );
    expect(held).toBeGreaterThan(0);
    expect(pending).toBe(0);
    expect((await item(id)).sent_count).toBeLessThanOrEqual(heldAt + 5);
    expect((await item(id)).status).toBe('stopped');
    const deleted = await call('DELETE', `${base}/deleteAdminNotification/${id}`, admin);
    expect(deleted.status).toBe(200);
    const [{ left }] = await query<{ left: number }>(`SELECT count(*)::int AS left FROM push_outbox WHERE notification_id = $1 AND status IN ('pending', 'held')`, [id]);
    expect(left).toBe(0);
  });

  it('plays a blocked send again: its failed messages are retried', async () => {
    const [blocked] = await query<{ id: number }>(`SELECT id FROM notifications WHERE title = 'Enquête de satisfaction'`);
    const played = await call('POST', `${base}/playOrStopNotification`, admin, { id: blocked.id });
    expect(played.body.data).toMatchObject({ status: 'activated', finishedAt: null });
    const done = await eventually(async () => {
      const row = await item(blocked.id);
      return row.status === 'sent' && row;
    });
    expect(done).toMatchObject({ sent_count: 40, failed_count: 0 });
  });

  it('duplicates as a draft on top of the list and raises the count', async () => {
    const before = (await call('GET', `${base}/getAdminNotifications`, admin)).body.data;
    const [sent] = await query<{ id: number }>(`SELECT id FROM notifications WHERE title = 'Merci pour votre engagement'`);
    const copy = await call('POST', `${base}/duplicateDraft`, admin, { id: sent.id });
    expect(copy.body.data).toMatchObject({ status: 'draft', title: 'Merci pour votre engagement', distribution: 'programmed', programmedDate: null, recipients: 0, sentCount: 0 });
    const after = (await call('GET', `${base}/getAdminNotifications`, admin)).body.data;
    expect(after.count).toBe(before.count + 1);
    expect(after.list[0].id).toBe(copy.body.data.id);
  });
});

describe('structured targeting filter', () => {
  it('refuses SQL, unknown fields, operators a field does not take, and extra keys, with the reason per condition', async () => {
    const attempts = [
      { filter: "age > 30; DROP TABLE responders; --", problems: [{ index: -1, problem: 'shape' }] },
      { filter: [{ field: 'password_hash', operator: 'eq', value: 'x' }], problems: [{ index: 0, problem: 'field' }] },
      { filter: [{ field: 'age', operator: 'contains', value: 3 }], problems: [{ index: 0, problem: 'operator' }] },
      { filter: [{ field: 'age', operator: 'OR 1=1 --', value: 3 }], problems: [{ index: 0, problem: 'operator' }] },
      { filter: [{ field: 'age', operator: 'gt', value: '30 OR 1=1' }], problems: [{ index: 0, problem: 'value' }] },
      { filter: [{ field: 'age', operator: 'gt', value: 30, sql: 'true' }], problems: [{ index: 0, problem: 'shape' }] },
      { filter: [{ field: 'os', operator: 'eq', value: 'android' }, { field: 'trainedStatus', operator: 'in', value: [] }], problems: [{ index: 1, problem: 'value' }] },
    ];
    for (const attempt of attempts) {
      for (const path of ['postAdminNotification', 'getPotentialCitizens']) {
        const { status, body } = await call('POST', `${base}/${path}`, admin, form({ filter: attempt.filter }));
        expect({ status, msg: body.msg, details: body.details }).toEqual({ status: 400, msg: 'error.notification.filter-invalid', details: attempt.problems });
      }
    }
  });

  it('treats SQL in a value as text', async () => {
    const { body } = await call('POST', `${base}/getPotentialCitizens`, admin, form({ filter: [{ field: 'skill', operator: 'contains', value: "x' OR '1'='1" }] }));
    expect(body.data).toEqual({ citizens: 0, devices: 0 });
    const [{ count }] = await query<{ count: number }>('SELECT count(*)::int AS count FROM responders');
    expect(count).toBeGreaterThan(400);
  });

  it('narrows with every operator kind', async () => {
    const count = async (filter: object[]) => (await call('POST', `${base}/getPotentialCitizens`, admin, form({ filter }))).body.data.devices as number;
    const everyone = await count([]);
    const android = await count([{ field: 'os', operator: 'eq', value: 'android' }]);
    const notAndroid = await count([{ field: 'os', operator: 'neq', value: 'android' }]);
    expect(android + notAndroid).toBe(everyone);
    expect(await count([{ field: 'os', operator: 'in', value: ['android', 'ios'] }])).toBe(everyone - (await count([{ field: 'os', operator: 'notIn', value: ['android', 'ios'] }])));
    const young = await count([{ field: 'age', operator: 'lt', value: 40 }]);
    const old = await count([{ field: 'age', operator: 'gte', value: 40 }]);
    const [{ ageless }] = await query<{ ageless: number }>(
      `SELECT count(*)::int AS ageless FROM responder_devices d JOIN responders r ON r.id = d.responder_id
        WHERE d.active AND d.push_token IS NOT NULL AND r.id_site = $1 AND r.account_status = 'activated' AND r.language = 'fr' AND r.age IS NULL`,
      [sites.publicApp],
    );
    // A responder without an age is neither younger nor older than 40.
    expect(young + old).toBe(everyone - ageless);
    expect(await count([{ field: 'registeredAt', operator: 'gt', value: '2000-01-01' }])).toBe(everyone);
    expect(await count([{ field: 'registeredAt', operator: 'lt', value: '2000-01-01T00:00:00Z' }])).toBe(0);
    expect(await count([{ field: 'buildVersion', operator: 'gte', value: 816 }])).toBe(everyone);
    expect(await count([{ field: 'buildVersion', operator: 'gt', value: 816 }])).toBe(0);
    expect(await count([{ field: 'email', operator: 'endsWith', value: '@responders.vigil.test' }])).toBeGreaterThan(0);
    expect(await count([{ field: 'phone', operator: 'startsWith', value: '+352' }])).toBeGreaterThan(0);
    expect(await count([{ field: 'carriesAed', operator: 'eq', value: true }])).toBeLessThan(everyone);
  });
});

describe('test send from the form', () => {
  it('sends the message to one tester phone and says what the push service answered', async () => {
    const [tester] = await query<{ id: number; udid: string }>(`SELECT id, udid FROM testers WHERE name = 'Tania Tester'`);
    const body = { idTester: tester.id, idSite: sites.publicApp, osDevice: 'android', language: 'fr', buildVersion: '816', message: 'Message de test', title: 'Essai' };
    const sent = await call('POST', `${base}/launchTestNotificationPush`, admin, body);
    expect(sent).toMatchObject({ status: 200, body: { data: { queued: 1, udid: tester.udid, status: 'sent' } } });
    const [message] = await query<{ kind: string; status: string; payload: { title: string; body: string } }>(`SELECT kind, status, payload FROM push_outbox ORDER BY id DESC LIMIT 1`);
    expect(message).toMatchObject({ kind: 'NOTIFICATION_TEST', status: 'sent', payload: { title: 'Essai', body: 'Message de test' } });
    expect((await call('POST', `${base}/launchTestNotificationPush`, admin, { ...body, osDevice: 'ios' }))).toMatchObject({ status: 422, body: { msg: 'error.notification.test-send', details: { reason: 'os' } } });
    expect((await call('POST', `${base}/launchTestNotificationPush`, admin, { ...body, buildVersion: '900' }))).toMatchObject({ status: 422, body: { details: { reason: 'build' } } });
    expect((await call('POST', `${base}/launchTestNotificationPush`, admin, { ...body, idTester: 999_999 }))).toMatchObject({ status: 404, body: { msg: 'error.notification.test-send' } });
    const { buildVersion: _build, ...incomplete } = body;
    expect((await call('POST', `${base}/launchTestNotificationPush`, admin, incomplete)).status).toBe(400);
  });
});

describe('permissions and tenancy', () => {
  it('is for super administrators only', async () => {
    for (const email of ['operator@vigil.test', 'administrator@vigil.test', 'referent@vigil.test', 'aed-manager@vigil.test']) {
      const token = await server.signIn(email);
      expect((await call('GET', `${base}/getAdminNotifications`, token)).status).toBe(403);
      expect((await call('POST', `${base}/postAdminNotification`, token, form())).status).toBe(403);
    }
    expect((await call('GET', `${base}/getAdminNotifications`, undefined)).status).toBe(401);
  });

  it('keeps an account to its own notifications and applications', async () => {
    const switched = await server.app.inject({ url: `/services/backOffice/account/thirdAccess/switch?idAccount=${sites.sdis03}`, headers: { authorization: admin } });
    const sdis03 = `JWT ${switched.json().data.token}`;
    const list = (await call('GET', `${base}/getAdminNotifications`, sdis03)).body.data;
    expect(list).toEqual({ list: [], count: 0 });
    expect((await call('GET', `${base}/getAdminNotifications?idSite=${sites.publicApp}`, sdis03)).body).toEqual({ error: true, msg: 'error.notification.site-not-allowed' });
    const [seeded] = await query<{ id: number }>(`SELECT id FROM notifications WHERE title = 'Formation PSC1 gratuite'`);
    expect((await call('POST', `${base}/duplicateDraft`, sdis03, { id: seeded.id })).status).toBe(404);
    expect((await call('DELETE', `${base}/deleteAdminNotification/${seeded.id}`, sdis03)).status).toBe(404);
    expect((await call('GET', `${base}/getDraftNotification?id=${seeded.id}`, sdis03)).body.msg).toBe('error.notification.draft-load');
    expect((await call('POST', `${base}/postAdminNotification`, sdis03, form()))).toMatchObject({ status: 403, body: { msg: 'error.notification.site-not-allowed' } });
    expect((await call('POST', `${base}/getPotentialCitizens`, sdis03, form())).status).toBe(403);
    expect((await call('GET', `${base}/getNoCitizen?filter=demo&idSite=${sites.publicApp}`, sdis03)).status).toBe(403);
  });
});

describe('real-time', () => {
  it('tells the account’s sockets to refresh notifications when one changes', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${server.ctx.config.WS_PATH}`);
    const messages: { action: string; eventMsg?: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ action: 'authenticate', token: admin.slice(4) }));
    await eventually(async () => messages.some((message) => message.action === 'authenticated'), 3000);
    socket.send(JSON.stringify({ action: 'setName', name: 'SDIS 63', idAccount: String(sites.sdis63), env: 'test' }));
    await eventually(async () => messages.some((message) => message.action === 'ready'), 3000);
    const [draft] = await query<{ id: number }>(`SELECT id FROM notifications WHERE title = 'Formation PSC1 gratuite'`);
    await call('POST', `${base}/duplicateDraft`, admin, { id: draft.id });
    await eventually(async () => messages.some((message) => message.action === 'eventMsg' && message.eventMsg === 'REFRESH_NOTIFS'), 5000);
    socket.close();
  });
});
