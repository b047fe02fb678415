import { fromPromise } from 'xstate';
import * as api from '../../services/aed.api';
import type { AccountsOutcome, DeleteOutcome, ExportOutcome, ExportQuery, ListOutcome, ListQuery, ManagedAccountsOutcome, MapOutcome, MapQuery } from './aed-list.types';

/** The account choice as the server reads it: '0' and '-1' both mean every account of the caller. */
const scopeOf = (query: { idSelected: string; withChild: boolean; filter: ListQuery['filter']; lang: string }) => ({
  filter: query.filter,
  idSelected: query.idSelected,
  withChild: query.withChild,
  lang: query.lang,
});

const fileNames = { xlsx: ['aeds', 'xlsx'], geoDae: ['geodae', 'csv'], osm: ['aeds-osm', 'geojson'] } as const;

/** "aeds-20260301-0930.xlsx", "geodae-20260301-0930.csv"…: the names the server gives its exports. */
export function exportFileName(now: Date = new Date(), format: ExportQuery['format'] = 'xlsx'): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const [name, extension] = fileNames[format];
  return `${name}-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.${extension}`;
}

/** Downloads the file of an export query. */
function exportCall(input: ExportQuery, signal: AbortSignal): Promise<ExportOutcome> {
  const body = { ...scopeOf(input), order: input.order, orderSort: input.orderSort };
  if (input.format === 'geoDae') return api.exportGeoDae({ ...body, allAeds: input.allAeds }, signal);
  if (input.format === 'osm') return api.exportOsm(body, signal);
  return api.exportAeds(body, signal);
}

/** The AED list machine's I/O; tests replace them with `.provide({ actors })`. */
export const aedListActors = {
  loadAccounts: fromPromise<AccountsOutcome>(({ signal }) => api.getAccountListWithAedCount(signal)),
  loadManagedAccounts: fromPromise<ManagedAccountsOutcome>(({ signal }) => api.getManagedAccounts(signal)),
  loadList: fromPromise<ListOutcome, ListQuery>(({ input, signal }) =>
    api.getAllList({ ...scopeOf(input), order: input.order, orderSort: input.orderSort, limit: input.limit, page: input.page + 1 }, signal),
  ),
  loadMap: fromPromise<MapOutcome, MapQuery>(({ input, signal }) => api.getAedsMap({ ...scopeOf(input), bbox: input.viewport.bbox, zoom: input.viewport.zoom, fit: input.fit }, signal)),
  softDelete: fromPromise<DeleteOutcome, { udid: string }>(async ({ input, signal }) => {
    const outcome = await api.softDeleteAed(input.udid, signal);
    return outcome.ok ? { ok: true, data: { udid: outcome.data.udid, idSite: outcome.data.idSite } } : outcome;
  }),
  /** Downloads the file of the list's scope and order (Excel, GeoDAE or OpenStreetMap), and hands it to the browser to save. */
  exportList: fromPromise<ExportOutcome, ExportQuery>(async ({ input, signal }) => {
    const outcome = await exportCall(input, signal);
    if (!outcome.ok) return outcome;
    const file = outcome.data instanceof Blob ? outcome.data : outcome.data.file;
    api.saveFile(file, exportFileName(new Date(), input.format));
    return outcome;
  }),
};
