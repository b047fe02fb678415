import { flagClock, flagsOf, type FlagClock } from '../../../../contract/callback.schemas';
import type { ContactStatus } from '../../../../contract/charts/callback.chart';
import type { Chronology, ChronologyEntry, HistoryAlert, HistoryPage, HistoryQuery } from '../../../../contract/history.schemas';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { alertContactStatus, syncCallbacks } from '../callbacks/face';
import * as repo from './repo';
import { isoOf } from '../../shared/sql-values';
import { historyRange } from '../../shared/day-ranges';
import { resolveScope } from '../accounts/face';

const seconds = (from: Date | null, to: Date | null) => (from && to ? Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000)) : null);

/** An alert row and its departures as the history shows them. */
export function toHistoryAlert(row: repo.HistoryAlertRow, departures: repo.DepartureRow[], siteName: string, clock: FlagClock = flagClock()): HistoryAlert {
  const closedAt = isoOf(row.closed_at);
  const responders = departures.map((departure) => {
    const recallAt = isoOf(departure.recall_at);
    return {
      id: departure.id,
      citizenResponderId: departure.responder_id,
      firstName: departure.first_name,
      lastName: departure.last_name,
      phone: departure.phone,
      status: departure.status,
      contactStatus: departure.contact_status,
      recallAt,
      flags: flagsOf({ contactStatus: departure.contact_status, closedAt, recallAt }, clock),
      departureSeconds: seconds(row.launched_at, departure.accepted_at),
      formCompleted: departure.contact_status === 'done',
    };
  });
  const callbackCounts: Partial<Record<ContactStatus, number>> = {};
  for (const responder of responders) callbackCounts[responder.contactStatus] = (callbackCounts[responder.contactStatus] ?? 0) + 1;
  const delays = responders.map((responder) => responder.departureSeconds).filter((value): value is number => value !== null);
  return {
    alertId: row.id,
    alertType: row.alert_type,
    idSite: row.id_site,
    siteName,
    address: row.address,
    addressInfo: row.address_info,
    lat: row.lat,
    lon: row.lon,
    test: row.test,
    debugMode: row.debug_mode,
    creationDate: isoOf(row.created_at)!,
    date: isoOf(row.launched_at),
    closedAt,
    closeReason: row.close_reason,
    closedBy: row.closed_by === null ? null : { id: row.closed_by, firstName: row.closer_first ?? '', lastName: row.closer_last ?? '' },
    durationSeconds: seconds(row.launched_at, row.closed_at),
    nbRequests: row.nb_requests,
    nbRefused: row.nb_refused,
    nbDepartures: responders.length,
    firstDepartureSeconds: delays.length ? Math.min(...delays) : null,
    contactStatus: alertContactStatus(row.close === 0, responders.map((responder) => responder.contactStatus)),
    callbackCounts,
    responders,
  };
}

/** Groups departures by alert id. */
export function byAlert(departures: repo.DepartureRow[]): Map<number, repo.DepartureRow[]> {
  const grouped = new Map<number, repo.DepartureRow[]>();
  for (const departure of departures) {
    const list = grouped.get(departure.alert_id);
    if (list) list.push(departure);
    else grouped.set(departure.alert_id, [departure]);
  }
  return grouped;
}

/**
 * GET getAlertHistory (spec §3, §7): the launched alerts of the caller's accounts (or of the
 * selected site and its children) in the range, filtered, ordered by creation, one page of
 * `limit` from the one-based `page`, with their departures and call-backs, and the total count.
 */
export async function alertHistory(ctx: AppContext, session: Session, query: HistoryQuery): Promise<HistoryPage> {
  const db = ctx.database.db;
  const scope = await resolveScope(db, session, query.selectedSite);
  const range = historyRange(query.startDate, query.endDate);
  await syncCallbacks(db);
  const where = repo.historyWhere(scope.ids, range, query);
  const [rows, count] = await Promise.all([repo.historyPage(db, where, query.order, query.limit, (query.page - 1) * query.limit), repo.historyCount(db, where)]);
  const departures = byAlert(await repo.departuresOf(db, rows.map((row) => row.id)));
  const clock = flagClock();
  return {
    list: rows.map((row) => toHistoryAlert(row, departures.get(row.id) ?? [], scope.names.get(row.id_site) ?? '', clock)),
    count,
    startDate: range.startDate,
    endDate: range.endDate,
    page: query.page,
    limit: query.limit,
  };
}

/** The status a requestStatus event leaves, as the chronology names it: answers first, then progress. */
const answerStatuses = new Set(['dispatched', 'waiting', 'refused', 'tooLate', 'tooFar', 'unavailable']);

function fromEvent(event: repo.EventRow): ChronologyEntry | undefined {
  const actorName = event.actor_type === 'user' ? event.user_name : event.actor_type === 'system' ? null : event.actor_responder_name;
  const base = {
    at: isoOf(event.at)!,
    actor: { type: event.actor_type, id: event.actor_id, name: actorName },
    responder: event.responder_id !== null && event.request_id !== null ? { requestId: event.request_id, citizenResponderId: event.responder_id, name: event.responder_name ?? '' } : null,
    status: null,
    details: event.payload,
  };
  switch (event.kind) {
    case 'created':
    case 'setUp':
    case 'launched':
    case 'addressChanged':
    case 'detailsChanged':
    case 'escalated':
    case 'responderStopped':
    case 'responderStarted':
      return { ...base, kind: event.kind };
    case 'closed':
      return { ...base, kind: event.payload.reason === 'auto' ? 'autoClosed' : 'closed' };
    case 'requestStatus': {
      const to = String(event.payload.to ?? '');
      const from = String(event.payload.from ?? '');
      // Stop and start by a dispatcher have their own lines (responderStopped / responderStarted).
      if (event.payload.event === 'request.stop' || event.payload.event === 'request.start') return undefined;
      return { ...base, kind: from === 'available' && answerStatuses.has(to) ? 'answer' : 'progress', status: to };
    }
    default:
      return undefined;
  }
}

/**
 * The chronology of one alert (GET getAlertChronology/{alertId}): its event log — created, set
 * up, launched, answers and progress of each responder, address moves, stops and starts, the close
 * by whom or by the 20-minute rule — with each responder's offer and the call-backs after it.
 */
export async function alertChronology(ctx: AppContext, session: Session, alertId: number): Promise<Chronology> {
  const db = ctx.database.db;
  const scope = await resolveScope(db, session, undefined);
  const [row] = await repo.alertsById(db, [alertId]);
  if (!row || !scope.ids.includes(row.id_site)) throw notFound();
  const [events, offers, calls, departures] = await Promise.all([repo.eventsOf(db, alertId), repo.offersOf(db, alertId), repo.callsOf(db, alertId), repo.departuresOf(db, [alertId])]);
  const entries: ChronologyEntry[] = [];
  for (const event of events) {
    const entry = fromEvent(event);
    if (entry) entries.push(entry);
  }
  for (const offer of offers) {
    entries.push({
      at: isoOf(offer.at)!,
      kind: 'offer',
      actor: { type: 'system', id: null, name: null },
      responder: { requestId: offer.id, citizenResponderId: offer.responder_id, name: offer.name },
      status: 'available',
      details: { mission: offer.mission, distance: offer.distance, duration: offer.duration, rank: offer.rank, aedName: offer.aed_name },
    });
  }
  for (const call of calls) {
    entries.push({
      at: isoOf(call.at)!,
      kind: 'call',
      actor: { type: 'user', id: call.user_id, name: call.user_name },
      responder: { requestId: call.request_id, citizenResponderId: call.responder_id, name: call.responder_name },
      status: call.outcome,
      details: { recallAt: isoOf(call.recall_at), note: call.note ?? '' },
    });
  }
  // Same instant: the log's order (launch before the offers it made), then offers, then calls.
  const rank = (entry: ChronologyEntry) => (entry.kind === 'offer' ? 1 : entry.kind === 'call' ? 2 : 0);
  const indexed = entries.map((entry, index) => ({ entry, index }));
  indexed.sort((a, b) => a.entry.at.localeCompare(b.entry.at) || rank(a.entry) - rank(b.entry) || a.index - b.index);
  return { alert: toHistoryAlert(row, departures, scope.names.get(row.id_site) ?? ''), entries: indexed.map(({ entry }) => entry) };
}
