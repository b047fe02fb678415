import { coverageCellDetail, coverageCellQuery, coverageExportQuery, coverageMap, coverageMapQuery, coverageQuery, coverageSummary } from './coverage.schemas';
import { endpoint } from './endpoint';

const tags = ['coverage'];
const errors = [400, 401, 403] as const;
const base = '/services/backoffice/coverage';
const matrix = { own: 200, other: 403, note: 'other: selectedSite of another account' } as const;

/** The coverage-gap map of the dashboards (issue 23), capability coverage.view. */
export const coverageEndpoints = {
  getCoverageMap: endpoint({
    method: 'GET',
    path: `${base}/map`,
    summary: 'Coverage cells of an account and hour band in a view (computed when not cached)',
    tags,
    access: 'coverage.view',
    query: coverageMapQuery,
    response: coverageMap,
    errors,
    writes: false,
    matrix,
  }),
  getCoverageSummary: endpoint({
    method: 'GET',
    path: `${base}/summary`,
    summary: 'Worst gaps and where one more AED would help most',
    tags,
    access: 'coverage.view',
    query: coverageQuery,
    response: coverageSummary,
    errors,
    writes: false,
    matrix,
  }),
  getCoverageCell: endpoint({
    method: 'GET',
    path: `${base}/cell`,
    summary: 'Why a cell’s times are what they are: nearest AEDs open or closed, responders seen',
    tags,
    access: 'coverage.view',
    query: coverageCellQuery,
    response: coverageCellDetail,
    errors: [...errors, 404],
    writes: false,
    matrix,
  }),
  exportCoverageCandidates: endpoint({
    method: 'GET',
    path: `${base}/candidates/export`,
    summary: 'Where one more AED would help most, as an .xlsx',
    tags,
    access: 'coverage.view',
    query: coverageExportQuery,
    errors,
    writes: false,
    matrix,
  }),
};
