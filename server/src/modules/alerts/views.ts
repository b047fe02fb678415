import type { FastifyBaseLogger } from 'fastify';
import type { AlertListQuery } from '../../../../contract/alert.schemas';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { Session } from '../../plugins/authenticate';
import { createAnnouncedCache } from '../../plugins/announced-cache';
import { keptAnswer, type KeptAnswer, type KeptAnswers } from '../../plugins/kept-answers';
import { respondersOnCall } from './on-call';
import { listAlerts } from './service';

/** Writes an answer's JSON (the route's fast-json-stringify writer). */
type Write = (answer: { data: unknown }) => string;

/**
 * The live alert list and the responders on call, kept in memory as their answers' bytes: every
 * dispatcher's screen asks for them again and again, and all of a dispatch room asks for the same.
 * Every change to what they show is announced on `vigil_alerts` (alerts, requests, responders, the
 * positions of responders on an open alert, a closer's name) and `vigil_accounts` (migration 0033),
 * before the REFRESH_ALERTS that tells the screens to ask again; any staff call that may write
 * forgets them in its own instance before answering (forgetOnWrites), and so does any committed
 * alert change (afterAlertChange).
 */
export function createAlertViews(database: Database, log: FastifyBaseLogger): KeptAnswers {
  return createAnnouncedCache(database, log, { channels: ['vigil_alerts', 'vigil_accounts'], maxAgeMs: 30_000, maxEntries: 2_000 });
}

/** GET alerts: what a session's account sees under that query (the answer depends on nothing else). */
export function alertListAnswer(ctx: AppContext, session: Session, query: AlertListQuery, write: Write): Promise<KeptAnswer> {
  return ctx.alertViews.get(`list|${session.siteId}|${JSON.stringify(query)}`, async () => keptAnswer(write({ data: await listAlerts(ctx, session, query) })));
}

/** GET citizenRespondersOnCall: an alert's cards as the session's account sees them (404 is never kept). */
export function onCallAnswer(ctx: AppContext, session: Session, alertId: number, write: Write): Promise<KeptAnswer> {
  return ctx.alertViews.get(`onCall|${session.siteId}|${alertId}`, async () => keptAnswer(write({ data: await respondersOnCall(ctx, session, alertId) })));
}
