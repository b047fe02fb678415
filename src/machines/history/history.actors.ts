import { fromPromise } from 'xstate';
import { exportAlertHistory, getAlertChronology, getAlertHistory, saveFile } from '../../services/history.api';
import { getAccountList } from '../../services/account.api';
import type { ChronologyOutcome, ExportOutcome, PageOutcome, PageRequest, SitesOutcome } from './history.types';

/** The history's I/O; tests replace them with `.provide({ actors })`. */
export const historyActors = {
  loadSites: fromPromise<SitesOutcome>(({ signal }) => getAccountList(signal)),
  /** One page: the zero-based page is sent plus one (spec §7). */
  loadPage: fromPromise<PageOutcome, PageRequest>(({ input, signal }) =>
    getAlertHistory({ ...input.filter, alertType: input.filter.alertType ?? undefined, tag: input.filter.tag ?? undefined, selectedSite: input.filter.selectedSite ?? undefined, lang: input.lang, page: input.page + 1, limit: input.limit }, signal),
  ),
  loadChronology: fromPromise<ChronologyOutcome, { alertId: number }>(({ input, signal }) => getAlertChronology(input.alertId, signal)),
  /** Builds the .xlsx on the server with the list's filters and hands it to the browser. */
  exportFile: fromPromise<ExportOutcome, PageRequest>(async ({ input, signal }) => {
    const { filter } = input;
    const result = await exportAlertHistory(
      { type: 'xlsx', lang: input.lang, ...filter, alertType: filter.alertType ?? undefined, tag: filter.tag ?? undefined, selectedSite: filter.selectedSite ?? undefined },
      signal,
    );
    if (!result.ok) return result;
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
    saveFile(result.data, `alert-history-${stamp}.xlsx`);
    return { ok: true, data: { saved: true } };
  }),
};
