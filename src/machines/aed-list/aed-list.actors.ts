import { fromPromise } from 'xstate';
import * as api from '../../services/aed.api';
import type { AccountsOutcome, DeleteOutcome, ExportOutcome, ListOutcome, ListQuery, ManagedAccountsOutcome, MapOutcome, MapQuery } from './aed-list.types';

/** The account choice as the server reads it: '0' and '-1' both mean every account of the caller. */
const scopeOf = (query: { idSelected: string; withChild: boolean; filter: ListQuery['filter']; lang: string }) => ({
  filter: query.filter,
  idSelected: query.idSelected,
  withChild: query.withChild,
  lang: query.lang,
});

/** "aeds-20260301-0930.xlsx", the name the server gives its export. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `aeds-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.xlsx`;
}

/** The AED list machine's I/O; tests replace them with `.provide({ actors })`. */
export const aedListActors = {
  loadAccounts: fromPromise<AccountsOutcome>(({ signal }) => api.getAccountListWithAedCount(signal)),
  loadManagedAccounts: fromPromise<ManagedAccountsOutcome>(({ signal }) => api.getManagedAccounts(signal)),
  loadList: fromPromise<ListOutcome, ListQuery>(({ input, signal }) =>
    api.getAllList({ ...scopeOf(input), order: input.order, orderSort: input.orderSort, limit: input.limit, page: input.page + 1 }, signal),
  ),
  loadMap: fromPromise<MapOutcome, MapQuery>(({ input, signal }) => api.getAedsMap({ ...scopeOf(input), bbox: input.viewport.bbox, zoom: input.viewport.zoom }, signal)),
  softDelete: fromPromise<DeleteOutcome, { udid: string }>(async ({ input, signal }) => {
    const outcome = await api.softDeleteAed(input.udid, signal);
    return outcome.ok ? { ok: true, data: { udid: outcome.data.udid, idSite: outcome.data.idSite } } : outcome;
  }),
  /** Downloads the Excel file of the list's scope and order, and hands it to the browser to save. */
  exportList: fromPromise<ExportOutcome, ListQuery>(async ({ input, signal }) => {
    const outcome = await api.exportAeds({ ...scopeOf(input), order: input.order, orderSort: input.orderSort }, signal);
    if (outcome.ok) api.saveFile(outcome.data, exportFileName());
    return outcome;
  }),
};
