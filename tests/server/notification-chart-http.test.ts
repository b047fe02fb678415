import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationChart, notificationStatuses, type NotificationEvent, type NotificationStatus } from '../../contract/charts/notification.chart';
import { notificationErrors } from '../../contract/notification.errors';
import { progressQueue, startQueue } from '../../server/src/modules/notifications/delivery';
import { expectReplay, expectTableIsChart, jobSettled, type Carried, type ChartTable, type HttpAnswer } from './chart-replay';
import { startTestServer, type TestServer } from './harness';
import { providerConfig, startFakeFcm } from './push-servers';

/**
 * The notification status chart replayed through the HTTP API on a real database: for each stored
 * status, a fresh notification to an audience of its own (phones added for the case, reached by an
 * e-mail filter) is taken there by the shortest real path, then sent each event of the chart.
 *
 * The world is played by a local FCM: Android phones are handed over (accepted), browsers have no
 * configured provider and are refused (`no-provider`, their token kept, so that play retries them).
 * A send is kept in progress by its own pace: `fakeBatch` 1 releases one message a second.
 */
const base = '/services/backoffice/admin/notification';

/** The chart's events, with both distributions of the form's two events. */
const chartEvents = {
  'notification.saveDraft(programmed)': { type: 'notification.saveDraft', distribution: 'programmed' },
  'notification.saveDraft(immediate)': { type: 'notification.saveDraft', distribution: 'immediate' },
  'notification.submit(programmed)': { type: 'notification.submit', distribution: 'programmed' },
  'notification.submit(immediate)': { type: 'notification.submit', distribution: 'immediate' },
  'notification.start': { type: 'notification.start' },
  'notification.toggle': { type: 'notification.toggle' },
  'notification.finish': { type: 'notification.finish' },
  'notification.block': { type: 'notification.block' },
  'notification.delete': { type: 'notification.delete' },
} as const satisfies Record<string, NotificationEvent>;
type Sent = keyof typeof chartEvents;

const table = {
  'notification.saveDraft(programmed)': { draft: 'draft' },
  'notification.saveDraft(immediate)': {},
  'notification.submit(programmed)': { draft: 'planned' },
  'notification.submit(immediate)': {},
  'notification.start': { planned: 'activated' },
  'notification.toggle': { activated: 'stopped', stopped: 'activated', sentBlocked: 'activated' },
  'notification.finish': { activated: 'sent' },
  'notification.block': { activated: 'sentBlocked' },
  'notification.delete': { draft: 'deleted', planned: 'deleted', stopped: 'deleted', sent: 'deleted', sentBlocked: 'deleted' },
} satisfies ChartTable<NotificationStatus, Sent>;
const events = Object.keys(table) as Sent[];

let server: TestServer;
let admin: string;
let fcm: Awaited<ReturnType<typeof startFakeFcm>>;
/** CODIS 63: no activated responder of its own in the demo, so a case's phones are its whole audience. */
let site: number;
let audiences = 0;

beforeAll(async () => {
  fcm = await startFakeFcm();
  server = await startTestServer(providerConfig(fcm));
  admin = await server.signIn('admin@vigil.test');
  [{ id: site }] = await server.ctx.database.query<{ id: number }>(`SELECT id FROM accounts WHERE name LIKE 'CODIS 63%'`);
});
afterAll(async () => {
  await server?.close();
  await fcm?.close();
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<HttpAnswer> {
  const response = await server.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

/**
 * `count` phones of responders of their own, each an e-mail under a domain of the case: `accepting`
 * Android phones that the FCM takes, or `refused` browsers, for which no provider is configured.
 * Answers the e-mail domain that reaches exactly them.
 */
async function audience(kind: 'accepting' | 'refused', count: number): Promise<string> {
  audiences += 1;
  const domain = `@audience-${audiences}.chart.vigil.test`;
  const db = server.ctx.database;
  for (let index = 0; index < count; index++) {
    const name = `a${audiences}p${index}`;
    const [responder] = await db.query<{ id: number }>(
      `INSERT INTO responders (id_site, first_name, last_name, email, phone, account_status, language) VALUES ($1, $2, 'Chart', $3, '+33600000000', 'activated', 'fr') RETURNING id`,
      [site, name, `${name}${domain}`],
    );
    await db.query(`INSERT INTO responder_devices (responder_id, os, push_token, build_version, udid, token_hash) VALUES ($1, $2, $3, '816', $4, $5)`, [
      responder.id,
      kind === 'accepting' ? 'android' : 'web',
      `${kind}-${name}`,
      `chart-${name}`,
      createHash('sha256').update(randomBytes(16)).digest('hex'),
    ]);
  }
  return domain;
}

interface Notification {
  id: number;
  /** The e-mail domain of its audience: the form sent again keeps it, so that a submit finds recipients. */
  domain: string;
}

const form = (domain: string, overrides: object = {}) => ({
  title: 'Chart replay',
  idSite: site,
  osDevice: 'all',
  sendingType: 'multiple',
  engagementLevel: 'all',
  accountStatus: 'activated',
  filter: [{ field: 'email', operator: 'endsWith', value: domain }],
  fakeBatch: 1,
  messageType: 'information',
  language: 'fr',
  message: 'Chart replay.',
  distribution: 'immediate',
  ...overrides,
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const post = (body: object) => call('POST', `${base}/postAdminNotification`, body);
const toggle = (one: Notification) => call('POST', `${base}/playOrStopNotification`, { id: one.id });
const remove = (one: Notification) => call('DELETE', `${base}/deleteAdminNotification/${one.id}`);

/**
 * The status read back from the list. The list leaves deleted notifications out, and every route
 * answers 404 for one: only its stored row still says it is deleted.
 */
async function statusOf(one: Notification): Promise<string> {
  const listed = await call('GET', `${base}/getAdminNotifications?idSite=${site}&limit=100`);
  const row = (listed.body.data.list as { id: number; status: string }[]).find((item) => item.id === one.id);
  if (row) return row.status;
  const [stored] = await server.ctx.database.query<{ status: string }>('SELECT status FROM notifications WHERE id = $1', [one.id]);
  return stored.status;
}

const waitWhile = (one: Notification, status: NotificationStatus) => expect.poll(() => statusOf(one), { timeout: 30_000, interval: 100 }).not.toBe(status);

/** Accepted phones of a send that stays in progress for a whole case (one message a second). */
const longSend = 20;
/** Phones of a send that ends during its case, a few seconds after it began. */
const shortSend = 4;
/** Refused browsers of a blocked send played again: retried one a second, it stays in progress for the read after the play. */
const blockedReplayed = 15;

async function created(answer: HttpAnswer, domain: string, status: NotificationStatus): Promise<Notification> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.status).toBe(status);
  return { id: answer.body.data.id as number, domain };
}

/** An immediate send to `domain`, activated at once. */
async function sendNow(domain: string, fakeBatch = 1): Promise<Notification> {
  return created(await post(form(domain, { fakeBatch })), domain, 'activated');
}

/**
 * A new notification taken into `state` by the shortest real path. What the event of the case
 * needs decides the audience: a send that is to end by itself (finish, block) ends within seconds,
 * any other stays in progress long enough to be read back.
 */
async function reach(state: NotificationStatus, event: Sent): Promise<Notification> {
  switch (state) {
    case 'draft':
    case 'deleted': {
      const domain = await audience('accepting', longSend);
      const one = await created(await post(form(domain, { draft: true, distribution: 'programmed' })), domain, 'draft');
      if (state === 'deleted') expect((await remove(one)).status).toBe(200);
      return one;
    }
    case 'planned': {
      const domain = await audience('accepting', longSend);
      return created(await post(form(domain, { distribution: 'programmed', programmedDate: inAnHour() })), domain, 'planned');
    }
    case 'activated':
      if (event === 'notification.finish') return sendNow(await audience('accepting', shortSend));
      if (event === 'notification.block') return sendNow(await audience('refused', shortSend));
      return sendNow(await audience('accepting', longSend));
    case 'stopped': {
      const one = await sendNow(await audience('accepting', longSend));
      expect((await toggle(one)).status).toBe(200);
      return one;
    }
    case 'sent': {
      const one = await sendNow(await audience('accepting', 1), 1000);
      await waitWhile(one, 'activated');
      return one;
    }
    case 'sentBlocked': {
      // Played again, its refused messages are retried at its pace, one a second: it stays in progress a while.
      const one = event === 'notification.toggle' ? await sendNow(await audience('refused', blockedReplayed)) : await sendNow(await audience('refused', 1), 1000);
      await waitWhile(one, 'activated');
      return one;
    }
  }
}

/** Sends the notification's start job now, as its date would. */
async function startJob(one: Notification): Promise<Carried> {
  await jobSettled(server.ctx.database, await server.ctx.jobs.send(startQueue, { id: one.id }));
  return { via: 'a start job' };
}

/** A progress check of the send now (the job that ends it as sent, or blocked), with its current generation. */
async function progressJob(one: Notification): Promise<Carried> {
  const [{ generation }] = await server.ctx.database.query<{ generation: number }>('SELECT progress_generation AS generation FROM notifications WHERE id = $1', [one.id]);
  await jobSettled(server.ctx.database, await server.ctx.jobs.send(progressQueue, { id: one.id, generation }));
  return { via: 'a progress job' };
}

/**
 * How each event reaches a notification. The form's events are the add form sent again with the
 * notification's id. start, finish and block have no caller: every notification is sent the start
 * job its date would queue (notification-schedule.test.ts shows it queued); an activated send ends by its own
 * delivery and progress jobs (finish when its phones took every message, block when all were
 * refused), and any other is sent a progress check now.
 */
const send = {
  'notification.saveDraft(programmed)': (one) => post(form(one.domain, { id: one.id, draft: true, distribution: 'programmed' })),
  'notification.saveDraft(immediate)': (one) => post(form(one.domain, { id: one.id, draft: true, distribution: 'immediate' })),
  'notification.submit(programmed)': (one) => post(form(one.domain, { id: one.id, distribution: 'programmed', programmedDate: inAnHour() })),
  'notification.submit(immediate)': (one) => post(form(one.domain, { id: one.id, distribution: 'immediate' })),
  'notification.start': startJob,
  'notification.toggle': toggle,
  'notification.finish': async (one, state) => {
    if (state !== 'activated') return progressJob(one);
    await waitWhile(one, 'activated');
    return { via: 'its delivery, every phone taking its message' };
  },
  'notification.block': async (one, state) => {
    if (state !== 'activated') return progressJob(one);
    await waitWhile(one, 'activated');
    return { via: 'its delivery, every phone refused' };
  },
  'notification.delete': remove,
} satisfies Record<Sent, (one: Notification, state: NotificationStatus) => Promise<Carried>>;

/**
 * The key of a refusal, as the server maps it: the form sent again for anything but a draft is
 * cannot-edit (only a draft is edited), and a draft refuses an immediate distribution with
 * draft-immediate. start, finish and block have no caller and so no answer to judge.
 */
function refusalOf(state: NotificationStatus, event: Sent): string {
  const type = chartEvents[event].type;
  if (type === 'notification.saveDraft' || type === 'notification.submit') return state === 'draft' ? notificationErrors.draftImmediate : notificationErrors.cannotEdit;
  if (type === 'notification.toggle') return notificationErrors.cannotToggle;
  if (type === 'notification.delete') return notificationErrors.cannotDelete;
  return '';
}

describe('notification status chart', () => {
  it('is the table this replay expects', () => expectTableIsChart(notificationChart, notificationStatuses, table, (event) => chartEvents[event]));
});

const liveStatuses = notificationStatuses.filter((status) => status !== 'deleted');

describe.each(liveStatuses)('a notification %s, through the HTTP API', (state) => {
  it.each(events)('%s', async (event) => {
    const one = await reach(state, event);
    // An activated send said so in its creation's answer; a short one may have ended before a second read.
    if (state !== 'activated') expect(await statusOf(one)).toBe(state);
    await expectReplay(await send[event](one, state), { state, next: (table[event] as Partial<Record<NotificationStatus, NotificationStatus>>)[state], refusal: refusalOf(state, event) }, () => statusOf(one));
  });
});

/**
 * A deleted notification is final in the chart, and the server refuses every event to it, but as
 * a notification that is gone: every route answers 404 not-found (the list leaves it out, the form
 * cannot load it), not the 409 of a refusal; the jobs leave it alone. Its stored row stays deleted.
 */
describe('a notification deleted, through the HTTP API', () => {
  it.each(events)('%s', async (event) => {
    expect((table[event] as Partial<Record<NotificationStatus, NotificationStatus>>).deleted).toBeUndefined();
    const one = await reach('deleted', event);
    expect(await statusOf(one)).toBe('deleted');
    const carried = await send[event](one, 'deleted');
    if ('status' in carried) expect({ status: carried.status, key: carried.body?.msg }).toEqual({ status: 404, key: notificationErrors.notFound });
    expect(await statusOf(one)).toBe('deleted');
  });
});
