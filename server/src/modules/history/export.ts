import { DateTime } from 'luxon';
import { flagClock } from '../../../../contract/callback.schemas';
import { historyExportTypes, historyZone, type HistoryAlert, type HistoryExportBody } from '../../../../contract/history.schemas';
import { historyErrorKeys } from '../../../../contract/history.errors';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { rowXml, streamWorkbook, type Cell } from '../../shared/xlsx-stream';
import { translate } from '../../shared/translate';
import { syncCallbacks } from '../callbacks/face';
import * as repo from './repo';
import { historyRange } from '../../shared/day-ranges';
import { resolveScope } from '../accounts/face';
import { byAlert, toHistoryAlert } from './service';

/** Alerts read per query: memory holds one batch of rows plus the ordered id list. */
const batchSize = 1000;
/** The export's time budget (spec §9: exports 30 s). */
export const exportBudgetMs = 30_000;

/** The budget in force: HISTORY_EXPORT_BUDGET_MS when set (the benchmark lifts it to time a whole export), else 30 s. */
const budgetMs = () => Number(process.env.HISTORY_EXPORT_BUDGET_MS) || exportBudgetMs;

const when = (iso: string | null) => (iso ? DateTime.fromISO(iso).setZone(historyZone).toFormat('yyyy-MM-dd HH:mm:ss') : null);

type Column = [labelKey: string, value: (alert: HistoryAlert, lang: string) => Cell];

/** Columns of the history export, in order; labels are message keys translated in the body's language. */
export const exportColumns: Column[] = [
  ['history.column.alert-id', (a) => a.alertId],
  ['history.column.created', (a) => when(a.creationDate)],
  ['history.column.launched', (a) => when(a.date)],
  ['history.column.closed', (a) => when(a.closedAt)],
  ['history.column.closed-by', (a, lang) => (a.closeReason === 'auto' ? translate(lang, 'history.closed.auto').replace('{minutes}', String(Math.round((a.durationSeconds ?? 0) / 60))) : a.closedBy ? `${a.closedBy.firstName} ${a.closedBy.lastName}`.trim() : null)],
  ['history.column.duration-min', (a) => (a.durationSeconds === null ? null : Math.round(a.durationSeconds / 6) / 10)],
  ['history.column.type', (a, lang) => translate(lang, `alert.type.${a.alertType}`)],
  ['history.column.address', (a) => a.address],
  ['history.column.address-info', (a) => a.addressInfo],
  ['history.column.latitude', (a) => a.lat],
  ['history.column.longitude', (a) => a.lon],
  ['history.column.site', (a) => a.siteName],
  ['history.column.test', (a, lang) => translate(lang, a.test ? 'history.yes' : 'history.no')],
  ['history.column.requests', (a) => a.nbRequests],
  ['history.column.refused', (a) => a.nbRefused],
  ['history.column.departures', (a) => a.nbDepartures],
  ['history.column.first-departure-s', (a) => a.firstDepartureSeconds],
  ['history.column.contact-status', (a, lang) => translate(lang, `callback.status.${a.contactStatus}`)],
  ['history.column.callbacks-done', (a) => a.callbackCounts.done ?? 0],
  ['history.column.responders', (a, lang) => a.responders.map((r) => `${r.firstName} ${r.lastName} (${translate(lang, `callback.status.${r.contactStatus}`)})`).join('; ')],
];

/**
 * POST exportAlertHistory (spec §7, §8): the alerts of the history's filters as an .xlsx built on
 * the server and streamed: ordered ids first, then rows batch by batch, so memory stays bounded.
 * Unknown type → 400 error.history.unknown-export-type; nothing to export → 404
 * error.history.no-valid-alerts; past the 30 s budget the stream is cut and the failure logged.
 */
export async function exportHistory(ctx: AppContext, session: Session, body: HistoryExportBody) {
  if (!(historyExportTypes as readonly string[]).includes(body.type)) throw badRequest(historyErrorKeys.unknownExportType, { type: body.type });
  const db = ctx.database.db;
  const scope = await resolveScope(db, session, body.selectedSite);
  const range = historyRange(body.startDate, body.endDate);
  await syncCallbacks(db);
  const ids = await repo.historyIds(db, repo.historyWhere(scope.ids, range, body), body.order);
  if (ids.length === 0) throw new AppError(404, historyErrorKeys.noValidAlerts);
  const lang = body.lang;
  const started = Date.now();
  const budget = budgetMs();
  const clock = flagClock();

  const read = (slice: number[]) => Promise.all([repo.alertsById(db, slice), repo.departuresOf(db, slice).then(byAlert)]);

  async function* batches(): AsyncGenerator<Cell[][]> {
    yield [exportColumns.map(([key]) => translate(lang, key))];
    // The next batch is read while this one is written and compressed: the database and Node work side by side.
    // A failure of a read ahead surfaces when it is awaited; until then it must not go unhandled.
    let next = read(ids.slice(0, batchSize));
    next.catch(() => undefined);
    for (let start = 0; start < ids.length; start += batchSize) {
      if (Date.now() - started > budget) throw new Error(historyErrorKeys.exportFailed);
      const slice = ids.slice(start, start + batchSize);
      const [rows, departures] = await next;
      if (start + batchSize < ids.length) {
        next = read(ids.slice(start + batchSize, start + 2 * batchSize));
        next.catch(() => undefined);
      }
      const byId = new Map(rows.map((row) => [row.id, row]));
      yield slice.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const alert = toHistoryAlert(row, departures.get(id) ?? [], scope.names.get(row.id_site) ?? '', clock);
        return [exportColumns.map(([, value]) => value(alert, lang))];
      });
    }
  }

  async function* sheetRows(): AsyncGenerator<string> {
    for await (const batch of batches()) yield batch.map(rowXml).join('');
  }

  const stream = streamWorkbook(translate(lang, 'history.export.sheet'), sheetRows(), (error) => ctx.log.error({ err: error, rows: ids.length }, 'history export failed'));
  const stamp = DateTime.now().setZone(historyZone).toFormat('yyyyLLdd-HHmm');
  return { stream, filename: `alert-history-${stamp}.xlsx`, rows: ids.length, range };
}
