import { sql } from 'drizzle-orm';
import { notificationChart, statusGroupOf, type NotificationEvent, type NotificationStatus } from '../../../../contract/charts/notification.chart';
import { allows, nextState } from '../../../../contract/charts/transition';
import { notificationErrors } from '../../../../contract/notification.errors';
import type { NotificationBody, NotificationItem, Targeting } from '../../../../contract/notification.schemas';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { accountSubtree, inScope, responderScope } from '../accounts/face';
import { testerById, deviceByUdid } from '../testers/face';
import * as delivery from './delivery';
import { sendDirect } from './direct';
import { keyed } from '../../shared/keyed';
import * as repo from './repo';
import { translate } from '../../shared/translate';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A stored notification as the list shows it, with the actions its status allows. */
export function toItem(row: repo.NotificationRow): NotificationItem {
  const can = (event: NotificationEvent) => allows(notificationChart, row.status, event);
  const toggle = can({ type: 'notification.toggle' });
  return {
    id: row.id,
    title: row.title,
    idSite: row.idSite,
    siteName: row.siteName,
    osDevice: row.osDevice as NotificationItem['osDevice'],
    sendingType: row.sendingType as NotificationItem['sendingType'],
    udid: row.udid,
    engagementLevel: row.engagementLevel as NotificationItem['engagementLevel'],
    accountStatus: row.accountStatus as NotificationItem['accountStatus'],
    phonePrefix: row.phonePrefix,
    filter: row.filter,
    fakeBatch: row.fakeBatch,
    messageType: row.messageType as NotificationItem['messageType'],
    language: row.language as NotificationItem['language'],
    message: row.message,
    url: row.url,
    buildVersion: row.buildVersion,
    distribution: row.distribution as NotificationItem['distribution'],
    programmedDate: iso(row.programmedAt),
    status: row.status,
    statusGroup: statusGroupOf(row.status) ?? 'draft',
    recipients: row.recipients,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    pendingCount: Math.max(0, row.recipients - row.sentCount - row.failedCount),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    actions: {
      play: toggle && row.status !== 'activated',
      stop: toggle && row.status === 'activated',
      delete: can({ type: 'notification.delete' }),
      duplicate: row.status !== 'deleted',
      edit: row.status === 'draft',
    },
  };
}

/** The ids of the caller's account and its descendants: the sites whose notifications they manage. */
async function sitesOf(db: Db, session: Session): Promise<number[]> {
  return (await accountSubtree(db, session.siteId)).map((account) => account.id);
}

async function requireSite(db: Db, session: Session, idSite: number): Promise<void> {
  if (!(await sitesOf(db, session)).includes(idSite)) throw forbidden(notificationErrors.siteNotAllowed);
}

/** A notification the caller may manage; 404 otherwise (and for deleted ones). */
async function visible(db: Db, session: Session, id: number): Promise<repo.NotificationRow> {
  const row = await repo.findNotification(db, id);
  if (!row || row.status === 'deleted' || !(await sitesOf(db, session)).includes(row.idSite)) throw notFound(notificationErrors.notFound);
  return row;
}

async function reload(db: Db, id: number): Promise<NotificationItem> {
  return toItem((await repo.findNotification(db, id))!);
}

/** One page of the admin list (page is 1-based), filtered by site, OS and message type. */
export async function list(ctx: AppContext, session: Session, query: { idSite?: number; osDevice?: string; type?: string; limit: number; page: number }) {
  const db = ctx.database.db;
  const sites = await sitesOf(db, session);
  // An account outside the caller's is refused, as every other list refuses it, not answered empty.
  if (query.idSite !== undefined && !sites.includes(query.idSite)) throw forbidden(notificationErrors.siteNotAllowed);
  const parts = [sql`n.id_site = ANY(${sql.param(sites)}::int[])`];
  if (query.idSite !== undefined) parts.push(sql`n.id_site = ${query.idSite}`);
  if (query.osDevice !== undefined) parts.push(sql`n.os_device = ${query.osDevice}`);
  if (query.type !== undefined) parts.push(sql`n.message_type = ${query.type}`);
  const { rows, count } = await repo.listNotifications(db, sql.join(parts, sql` AND `), query.limit, (query.page - 1) * query.limit);
  await scheduleOrphans(ctx, rows);
  return { list: rows.map(toItem), count };
}

/**
 * A planned notification without a start job (written while the job queue was not running: demo
 * data, or a crash between the two writes) gets its job when it is next listed.
 */
async function scheduleOrphans(ctx: AppContext, rows: repo.NotificationRow[]): Promise<void> {
  for (const row of rows.filter((item) => item.status === 'planned' && !item.jobId && item.programmedAt)) {
    const seconds = Math.max(0, Math.ceil((new Date(row.programmedAt!).getTime() - Date.now()) / 1000));
    const jobId = await ctx.jobs.send(delivery.startQueue, { id: row.id }, { startAfterSeconds: seconds });
    if (await repo.updateIfStatus(ctx.database.db, row.id, 'planned', { jobId })) row.jobId = jobId;
  }
}

/** How many responders and devices a targeting reaches. */
export async function potentialCitizens(ctx: AppContext, session: Session, targeting: Targeting) {
  await requireSite(ctx.database.db, session, targeting.idSite);
  return delivery.countRecipients(ctx.database.db, targeting);
}

/** Devices for a single send, found by name, e-mail, phone or udid. */
export async function noCitizen(ctx: AppContext, session: Session, query: { filter: string; idSite: number; osDevice: string }) {
  const db = ctx.database.db;
  await requireSite(db, session, query.idSite);
  const scope = await responderScope(db, query.idSite);
  const where = query.osDevice === 'all' ? inScope(sql`r.id_site`, scope) : sql`${inScope(sql`r.id_site`, scope)} AND d.os = ${query.osDevice}`;
  return repo.searchCitizenDevices(db, where, query.filter);
}

/** The stored columns of a form. */
function valuesOf(body: NotificationBody, status: NotificationStatus): Omit<repo.NotificationValues, 'createdBy'> {
  return {
    idSite: body.idSite,
    title: body.title,
    osDevice: body.osDevice,
    sendingType: body.sendingType,
    udid: body.sendingType === 'single' ? (body.udid ?? null) : null,
    engagementLevel: body.engagementLevel,
    accountStatus: body.accountStatus,
    phonePrefix: body.phonePrefix ?? null,
    filter: body.filter,
    fakeBatch: body.fakeBatch,
    messageType: body.messageType,
    language: body.language,
    message: body.message,
    url: body.url ?? null,
    buildVersion: body.buildVersion ?? null,
    distribution: body.distribution,
    programmedAt: body.distribution === 'programmed' && body.programmedDate ? new Date(body.programmedDate) : null,
    status,
  };
}

/** The checks of spec §5 that depend on more than one field, and on the recipients found. */
async function checkForm(db: Db, body: NotificationBody): Promise<void> {
  if (body.sendingType === 'single' && !body.udid) throw badRequest(notificationErrors.udidRequired);
  if (body.draft) return;
  if (body.distribution === 'programmed') {
    if (!body.programmedDate) throw badRequest(notificationErrors.dateRequired);
    if (new Date(body.programmedDate).getTime() <= Date.now()) throw badRequest(notificationErrors.datePast);
  }
  const reach = await delivery.countRecipients(db, body);
  if (reach.devices === 0) throw new AppError(422, body.sendingType === 'single' ? notificationErrors.udidUnknown : notificationErrors.noRecipients);
}

/**
 * Creates a notification, or updates a draft (`id`): saved as a draft, planned for its date, or
 * activated at once. The chart decides; a draft with an immediate distribution is a 409.
 */
export async function save(ctx: AppContext, session: Session, body: NotificationBody): Promise<NotificationItem> {
  const db = ctx.database.db;
  await requireSite(db, session, body.idSite);
  let from: NotificationStatus | 'new' = 'new';
  if (body.id !== undefined) {
    const existing = await visible(db, session, body.id);
    if (existing.status !== 'draft') throw conflict(notificationErrors.cannotEdit, { status: existing.status });
    from = 'draft';
  }
  const event: NotificationEvent = body.draft ? { type: 'notification.saveDraft', distribution: body.distribution } : { type: 'notification.submit', distribution: body.distribution };
  const to = nextState(notificationChart, from, event) as NotificationStatus | undefined;
  if (!to) throw conflict(notificationErrors.draftImmediate, { from, event: event.type });
  await checkForm(db, body);
  return keyed(ctx, notificationErrors.send, async () => {
    const values = valuesOf(body, to);
    const id = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      let saved: number;
      if (body.id === undefined) saved = await repo.insertNotification(tx, { ...values, createdBy: session.userId });
      else if (await repo.updateIfStatus(tx, body.id, 'draft', values)) saved = body.id;
      else throw conflict(notificationErrors.cannotEdit);
      if (to === 'activated') {
        const recipients = await delivery.fillOutbox(tx, (await repo.findNotification(tx, saved))!);
        await repo.updateIfStatus(tx, saved, 'activated', { recipients, startedAt: new Date() });
      }
      return saved;
    });
    if (to === 'activated') await delivery.follow(ctx, id);
    if (to === 'planned') {
      const seconds = Math.max(0, Math.ceil((new Date(body.programmedDate!).getTime() - Date.now()) / 1000));
      const jobId = await ctx.jobs.send(delivery.startQueue, { id }, { startAfterSeconds: seconds });
      await repo.updateIfStatus(db, id, 'planned', { jobId });
    }
    ctx.log.info({ notification: id, status: to, by: session.userId }, 'notification saved');
    await delivery.announce(ctx, body.idSite);
    return reload(db, id);
  });
}

/** Play or stop (spec §4): activated ⇄ stopped, and play again after a blocked send. */
export async function toggle(ctx: AppContext, session: Session, id: number): Promise<NotificationItem> {
  const db = ctx.database.db;
  const row = await visible(db, session, id);
  const to = nextState(notificationChart, row.status, { type: 'notification.toggle' }) as NotificationStatus | undefined;
  if (!to) throw conflict(notificationErrors.cannotToggle, { status: row.status });
  const changed = await repo.updateIfStatus(db, id, row.status, { status: to, ...(row.status === 'sentBlocked' ? { finishedAt: null } : {}) });
  if (!changed) throw conflict(notificationErrors.cannotToggle, { status: row.status });
  if (to === 'stopped') {
    await repo.nextGeneration(db, id);
    await delivery.holdPending(db, id);
    const counts = await delivery.countMessages(db, id);
    await repo.storeCounters(db, id, counts);
  } else {
    await delivery.releasePending(db, id, row.fakeBatch, { retryFailed: row.status === 'sentBlocked' });
    await repo.storeCounters(db, id, await delivery.countMessages(db, id));
    await delivery.follow(ctx, id);
  }
  ctx.log.info({ notification: id, from: row.status, to, by: session.userId }, 'notification toggled');
  await delivery.announce(ctx, row.idSite);
  return reload(db, id);
}

/** Deletes a notification that is not being sent: its job is cancelled and unsent messages dropped. */
export async function remove(ctx: AppContext, session: Session, id: number) {
  const db = ctx.database.db;
  const row = await visible(db, session, id);
  const to = nextState(notificationChart, row.status, { type: 'notification.delete' });
  if (!to) throw conflict(notificationErrors.cannotDelete, { status: row.status });
  if (!(await repo.updateIfStatus(db, id, row.status, { status: 'deleted', jobId: null }))) throw conflict(notificationErrors.cannotDelete, { status: row.status });
  if (row.jobId) await ctx.jobs.cancel(delivery.startQueue, row.jobId).catch((error: unknown) => ctx.log.warn({ err: error }, 'start job not cancelled'));
  await delivery.dropPending(db, id);
  ctx.log.info({ notification: id, by: session.userId }, 'notification deleted');
  await delivery.announce(ctx, row.idSite);
  return { id, deleted: true as const };
}

/** A copy as a draft, on top of the list. A draft cannot be immediate: the copy is programmed, dated only if still ahead. */
export async function duplicate(ctx: AppContext, session: Session, id: number): Promise<NotificationItem> {
  const db = ctx.database.db;
  const row = await visible(db, session, id);
  const status = nextState(notificationChart, 'new', { type: 'notification.saveDraft', distribution: 'programmed' }) as NotificationStatus;
  const programmedAt = row.programmedAt && new Date(row.programmedAt).getTime() > Date.now() ? new Date(row.programmedAt) : null;
  const copy = await repo.insertNotification(db, {
    idSite: row.idSite,
    title: row.title,
    osDevice: row.osDevice,
    sendingType: row.sendingType,
    udid: row.udid,
    engagementLevel: row.engagementLevel,
    accountStatus: row.accountStatus,
    phonePrefix: row.phonePrefix,
    filter: row.filter,
    fakeBatch: row.fakeBatch,
    messageType: row.messageType,
    language: row.language,
    message: row.message,
    url: row.url,
    buildVersion: row.buildVersion,
    distribution: 'programmed',
    programmedAt,
    status,
    duplicatedFrom: row.id,
    createdBy: session.userId,
  });
  await delivery.announce(ctx, row.idSite);
  return reload(db, copy);
}

/** A draft, to fill the add form again (spec §8 "error loading draft" otherwise). */
export async function draft(ctx: AppContext, session: Session, id: number): Promise<NotificationItem> {
  const db = ctx.database.db;
  const row = await repo.findNotification(db, id);
  if (!row || row.status === 'deleted' || !(await sitesOf(db, session)).includes(row.idSite)) throw notFound(notificationErrors.draftLoad);
  if (row.status !== 'draft') throw conflict(notificationErrors.draftLoad, { status: row.status });
  return toItem(row);
}

/**
 * The add form's test send: the message to one tester's phone, through the outbox. The phone must
 * run the OS and at least the build the message is meant for.
 */
export async function testSend(
  ctx: AppContext,
  session: Session,
  body: { idTester: number; idSite: number; osDevice: string; language: string; buildVersion: string; message: string; title?: string; messageType?: string; url?: string | null },
) {
  const db = ctx.database.db;
  await requireSite(db, session, body.idSite);
  const scope = await responderScope(db, session.siteId);
  const tester = await testerById(db, scope, body.idTester);
  if (!tester) throw notFound(notificationErrors.testSend);
  const device = await deviceByUdid(db, scope, tester.udid);
  if (!device?.pushToken || !device.active) throw new AppError(422, notificationErrors.testSend, { reason: 'no-push-token' });
  if (body.osDevice !== 'all' && body.osDevice !== device.os) throw new AppError(422, notificationErrors.testSend, { reason: 'os', os: device.os });
  const build = Number(device.buildVersion);
  if (device.buildVersion !== null && Number.isInteger(build) && build < Number(body.buildVersion)) {
    throw new AppError(422, notificationErrors.testSend, { reason: 'build', buildVersion: device.buildVersion });
  }
  return keyed(ctx, notificationErrors.testSend, async () => {
    const outcome = await sendDirect(ctx, device, {
      title: body.title ?? translate(body.language, 'push.test.title'),
      body: body.message,
      url: body.url ?? null,
      data: { kind: 'test', messageType: body.messageType ?? 'information' },
      ttlSeconds: 600,
      urgency: 'high',
    });
    if (outcome.status === 'failed') throw new AppError(502, notificationErrors.testSend, { reason: outcome.error });
    return { queued: 1, udid: tester.udid, status: outcome.status };
  });
}
