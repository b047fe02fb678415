import { testerErrors } from '../../../../contract/tester.errors';
import { testerSearchMinimum } from '../../../../contract/tester.schemas';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { sendDirect } from '../notifications/face';
import { keyed } from '../../shared/keyed';
import { translate } from '../../shared/translate';
import { responderScope } from '../accounts/face';
import * as repo from './repo';

const toTester = ({ deviceId: _deviceId, updatedAt, ...row }: repo.TesterRow) => ({ ...row, updatedAt: new Date(updatedAt).toISOString() });

/** The testers of the caller's accounts. */
export async function list(ctx: AppContext, session: Session) {
  return keyed(ctx, testerErrors.list, async () => {
    const scope = await responderScope(ctx.database.db, session.siteId);
    return (await repo.listTesters(ctx.database.db, scope)).map(toTester);
  });
}

/** The zipcode of a position, from the geocoder (commune precision is enough); null when unknown. */
async function zipcodeAt(ctx: AppContext, lat: number | null, lon: number | null): Promise<string | null> {
  if (lat === null || lon === null) return null;
  try {
    return (await ctx.geocoder.reverse(lat, lon))?.zipCode || null;
  } catch (error) {
    ctx.log.warn({ err: error }, 'tester zipcode not found');
    return null;
  }
}

/** Adds the phone as a tester, or removes it when it already is one (spec §7 subUnsub). */
export async function subUnsub(ctx: AppContext, session: Session, udid: string) {
  const db = ctx.database.db;
  const scope = await responderScope(db, session.siteId);
  const existing = await repo.testerByUdid(db, scope, udid);
  if (existing) {
    return keyed(ctx, testerErrors.remove, async () => {
      await repo.deleteTester(db, existing.id);
      await repo.syncResponderFlag(db, existing.responderId);
      return { udid, result: 'removed' as const, tester: null };
    });
  }
  return keyed(ctx, testerErrors.add, async () => {
    const device = await repo.deviceByUdid(db, scope, udid);
    if (!device) throw notFound(testerErrors.add);
    const id = await repo.insertTester(db, {
      responderId: device.responderId,
      deviceId: device.deviceId,
      udid: device.udid,
      name: `${device.firstName} ${device.lastName}`.trim(),
      phone: device.phone,
      zipcode: await zipcodeAt(ctx, device.lat, device.lon),
      addedBy: session.userId,
    });
    await repo.syncResponderFlag(db, device.responderId);
    const added = id === undefined ? await repo.testerByUdid(db, scope, udid) : await repo.testerById(db, scope, id);
    return { udid, result: 'added' as const, tester: added ? toTester(added) : null };
  });
}

/** Phones to add as testers; the filter must have at least 2 characters (spec §5, §9). */
export async function search(ctx: AppContext, session: Session, filter: string) {
  const trimmed = filter.trim();
  if (trimmed.length < testerSearchMinimum) throw badRequest(testerErrors.searchTooShort, { minimum: testerSearchMinimum });
  return keyed(ctx, testerErrors.list, async () => {
    const scope = await responderScope(ctx.database.db, session.siteId);
    return repo.searchDevices(ctx.database.db, scope, trimmed);
  });
}

/** Sends the standard test message to a tester's phone and reports what the push service said. */
export async function notifyTester(ctx: AppContext, session: Session, udid: string) {
  return keyed(ctx, testerErrors.notify, async () => {
    const scope = await responderScope(ctx.database.db, session.siteId);
    const tester = await repo.testerByUdid(ctx.database.db, scope, udid);
    if (!tester) throw notFound(testerErrors.notify);
    const device = await repo.deviceByUdid(ctx.database.db, scope, udid);
    if (!device?.pushToken || !device.active) throw new AppError(422, testerErrors.notify, { reason: 'no-push-token' });
    const outcome = await sendDirect(ctx, device, {
      title: translate(device.language, 'push.test.title'),
      body: translate(device.language, 'push.test.body'),
      data: { kind: 'test', udid },
      ttlSeconds: 600,
      urgency: 'high',
    });
    if (outcome.status === 'failed') throw new AppError(502, testerErrors.notify, { reason: outcome.error });
    return { udid, queued: 1, status: outcome.status };
  });
}
