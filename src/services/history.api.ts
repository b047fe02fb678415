import { historyEndpoints } from '../../contract/history.endpoints';
import type { HistoryExportBody, HistoryQuery } from '../../contract/history.schemas';
import { call } from './http';

/**
 * The alert history calls (spec §7): the list with its filters, one alert's chronology, and the
 * Excel export. No React, no state: the history machine calls these from its actors.
 */

/** Values of a query as the server reads them: empty filters left out, booleans as text. */
function queryOf(values: Record<string, unknown>): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = typeof value === 'boolean' ? String(value) : (value as string | number);
  }
  return query;
}

/** One page of the history; `page` is one-based (the machine's zero-based page plus one). */
export function getAlertHistory(query: Partial<HistoryQuery>, signal?: AbortSignal) {
  return call(historyEndpoints.getAlertHistory, { query: queryOf(query) }, { signal });
}

export function getAlertChronology(alertId: number, signal?: AbortSignal) {
  return call(historyEndpoints.getAlertChronology, { params: { alertId } }, { signal });
}

/** The history as an .xlsx file (30 s time-out, spec §9). */
export function exportAlertHistory(body: Partial<HistoryExportBody>, signal?: AbortSignal) {
  return call(historyEndpoints.exportAlertHistory, { body: queryOf(body) }, { signal });
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
