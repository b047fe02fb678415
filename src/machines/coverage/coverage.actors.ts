import { fromPromise } from 'xstate';
import type { AccountSummary } from '../../../contract/auth.schemas';
import type { CoverageCellDetail, CoverageMap, CoverageSummary } from '../../../contract/coverage.schemas';
import { getAccountList } from '../../services/account.api';
import type { CoverageView } from '../../../contract/coverage.grid';
import { exportCoverageCandidates, getCoverageCell, getCoverageMap, getCoverageSummary, type CoverageFilters } from '../../services/coverage.api';
import { saveFile } from '../../services/history.api';
import type { Result } from '../../services/http';

/** The coverage map's I/O; tests replace them with `.provide({ actors })`. */
export const coverageActors = {
  loadSites: fromPromise<Result<AccountSummary[]>>(async ({ signal }) => (await getAccountList(signal)) as Result<AccountSummary[]>),
  loadSummary: fromPromise<Result<CoverageSummary>, CoverageFilters>(({ input, signal }) => getCoverageSummary(input, signal)),
  loadMap: fromPromise<Result<CoverageMap>, { filters: CoverageFilters; view: CoverageView | null }>(({ input, signal }) => getCoverageMap(input.filters, input.view, signal)),
  loadCell: fromPromise<Result<CoverageCellDetail>, { filters: CoverageFilters; point: { lat: number; lon: number } }>(({ input, signal }) => getCoverageCell(input.filters, input.point, signal)),
  exportCandidates: fromPromise<Result<true>, { filters: CoverageFilters; lang: string }>(async ({ input, signal }) => {
    const file = await exportCoverageCandidates(input.filters, input.lang, signal);
    if (!file.ok) return file;
    const band = `${input.filters.weekend ? 'weekend' : 'weekday'}-${String(input.filters.hour).padStart(2, '0')}h`;
    saveFile(file.data, `aed-candidates-${band}.xlsx`);
    return { ok: true, data: true };
  }),
};
