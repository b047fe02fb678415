import { coverageEndpoints } from '../../contract/coverage.endpoints';
import type { CoverageView } from '../../contract/coverage.grid';
import { call, exportTimeoutMs } from './http';

/** The coverage-gap map's calls (contract/coverage.endpoints.ts). A map not cached yet is computed by the call: the export time-out. */

export interface CoverageFilters {
  selectedSite: number | null;
  weekend: boolean;
  hour: number;
}


const queryOf = (filters: CoverageFilters) => ({ weekend: filters.weekend, hour: filters.hour, ...(filters.selectedSite === null ? {} : { selectedSite: filters.selectedSite }) });

export function getCoverageSummary(filters: CoverageFilters, signal?: AbortSignal) {
  return call(coverageEndpoints.getCoverageSummary, { query: queryOf(filters) }, { signal, timeout: exportTimeoutMs });
}

export function getCoverageMap(filters: CoverageFilters, view: CoverageView | null, signal?: AbortSignal) {
  return call(coverageEndpoints.getCoverageMap, { query: { ...queryOf(filters), ...(view ?? {}) } }, { signal, timeout: exportTimeoutMs });
}

export function getCoverageCell(filters: CoverageFilters, point: { lat: number; lon: number }, signal?: AbortSignal) {
  return call(coverageEndpoints.getCoverageCell, { query: { ...queryOf(filters), ...point } }, { signal });
}

export function exportCoverageCandidates(filters: CoverageFilters, lang: string, signal?: AbortSignal) {
  return call(coverageEndpoints.exportCoverageCandidates, { query: { ...queryOf(filters), lang } }, { signal });
}
