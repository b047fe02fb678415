import { callbackErrorKeys } from '../../../../contract/callback.errors';
import type { CallActions } from '../../../../contract/callback.schemas';
import { callbackChart, callbackRefusalKey, outcomeEvents, type CallbackEvent, type ContactStatus } from '../../../../contract/charts/callback.chart';
import { nextState } from '../../../../contract/charts/transition';
import { interviewProblems } from '../../../../contract/interview.rules';
import type { InterviewSubmitBody, InterviewSubmitResult } from '../../../../contract/interview.schemas';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { defaultHistoryStart, startOfToday } from '../../shared/day-ranges';
import { resolveScope } from '../accounts/face';
import * as repo from './repo';
import { syncCallbacks } from './sync';

/**
 * GET getCallActions (spec §3, §7): responders to call, to call again and unanswered after the
 * closed alerts of the caller's accounts since the history's default start, each with how many
 * wait more than 10 days, and the recalls due today.
 */
export async function callActions(ctx: AppContext, session: Session, selectedSite: number | undefined): Promise<CallActions> {
  const db = ctx.database.db;
  const scope = await resolveScope(db, session, selectedSite);
  await syncCallbacks(db);
  const since = defaultHistoryStart();
  const today = startOfToday();
  const rows = await repo.callActionCounts(db, scope.ids, since.toJSDate(), today.toJSDate(), today.plus({ days: 1 }).toJSDate());
  const sum = (statuses: ContactStatus[], field: 'total' | 'stale' | 'today') => rows.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + row[field], 0);
  return {
    toDo: { total: sum(['toDo'], 'total'), moreThan10days: sum(['toDo'], 'stale') },
    recall: { total: sum(['recall', 'recallFragile'], 'total'), moreThan10days: sum(['recall', 'recallFragile'], 'stale') },
    noAnswer: { total: sum(['noAnswer'], 'total'), moreThan10days: sum(['noAnswer'], 'stale') },
    countRecallToday: sum(['recall', 'recallFragile'], 'today'),
    startDate: since.toISODate()!,
  };
}

/** The status a call-back is in: its row's, else derived from its alert. */
export function currentStatus(target: repo.CallTarget): ContactStatus {
  if (target.close === 0) return 'alertInProgress';
  return target.callback_status ?? 'toDo';
}

/** The outcomes the call-back chart allows from a status. */
export function allowedOutcomes(status: ContactStatus) {
  return (Object.keys(outcomeEvents) as (keyof typeof outcomeEvents)[]).filter((outcome) => nextState(callbackChart, status, { type: outcomeEvents[outcome] } as CallbackEvent) !== undefined);
}

/**
 * Records one call to a responder about an alert (POST citizenAlertForm/{id}): checks the rules of
 * spec §5 and the call-back chart, writes the call once per draft, moves the call-back to the
 * outcome, saves the interview answers given, and refreshes the alert's contact status.
 */
export async function recordCall(ctx: AppContext, session: Session, requestId: number, body: InterviewSubmitBody, now = new Date()): Promise<InterviewSubmitResult> {
  const problems = interviewProblems(body, now.getTime());
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, Object.entries(problems).map(([field, key]) => ({ field, key })));
  const scope = await resolveScope(ctx.database.db, session, undefined);
  return ctx.database.db.transaction(async (tx) => {
    const target = await repo.findTarget(tx, requestId, scope.ids, true);
    if (!target) throw notFound();
    if (!target.set_off) throw new AppError(422, callbackErrorKeys.notCallable);
    const status = currentStatus(target);
    const callbackId = await repo.ensureCallback(tx, target);
    const recallAt = body.outcome === 'recall' || body.outcome === 'recallFragile' ? new Date(body.recallAt!) : null;
    const minutesAfterClose = target.closed_at ? Math.max(0, Math.round((now.getTime() - new Date(target.closed_at).getTime()) / 60_000)) : null;
    const recorded = await repo.insertCall(tx, { callbackId, userId: session.userId, outcome: body.outcome, recallAt, note: body.note, draftId: body.draftId, minutesAfterClose });
    if (!recorded) return { contactStatus: status, recallAt: target.recall_at ? new Date(target.recall_at).toISOString() : null, recorded: false };
    const next = nextState(callbackChart, status, { type: outcomeEvents[body.outcome] } as CallbackEvent) as ContactStatus | undefined;
    if (next === undefined) throw conflict(callbackRefusalKey(status), { status, outcome: body.outcome });
    await repo.updateCallback(tx, callbackId, { status: next, recallAt, userId: session.userId });
    if (body.answers) await repo.saveInterview(tx, callbackId, body.answers, body.technicalIssues, session.userId);
    else if (body.technicalIssues) await repo.saveTechnicalIssues(tx, callbackId, body.technicalIssues, session.userId);
    await repo.refreshAlertContactStatus(tx, target.alert_id);
    return { contactStatus: next, recallAt: recallAt?.toISOString() ?? null, recorded: true };
  });
}
