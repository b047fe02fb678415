import type { EndpointInput } from '../../contract/endpoint';
import { indicatorEndpoints as endpoints } from '../../contract/indicator.endpoints';
import type { DisplayMode, Temporality } from '../../contract/indicator.schemas';
import { call } from './http';

/** The indicator calls (contract/indicator.endpoints.ts), with an area query. */

/** What every indicator is asked about: the site (null for all the user's accounts), the area, and a range of days. */
export interface IndicatorScope {
  selectedSite: number | null;
  area: string | null;
  startDate?: string;
  endDate?: string;
}

function queryOf(scope: IndicatorScope, extra: Record<string, string> = {}): Record<string, string | number> {
  const query: Record<string, string | number> = { ...extra };
  if (scope.selectedSite !== null) query.selectedSite = scope.selectedSite;
  if (scope.area) query.area = scope.area;
  if (scope.startDate) query.startDate = scope.startDate;
  if (scope.endDate) query.endDate = scope.endDate;
  return query;
}

type Indicators = typeof endpoints;

const get = <K extends keyof Indicators>(name: K, scope: IndicatorScope, signal?: AbortSignal, extra?: Record<string, string>) =>
  call(endpoints[name] as Indicators[K], { query: queryOf(scope, extra) } as EndpointInput<Indicators[K]>, { signal });

/** Heat maps, growth, the responder rankings, skills and the last 24 hours take no date range. */
const undated = (scope: IndicatorScope): IndicatorScope => ({ ...scope, startDate: undefined, endDate: undefined });

export const getAedsHeatmap = (scope: IndicatorScope, signal?: AbortSignal) => get('aedsHeatmap', undated(scope), signal);
export const getRespondersHeatmap = (scope: IndicatorScope, signal?: AbortSignal) => get('respondersHeatmap', undated(scope), signal);
export const getAlertsGrowth = (scope: IndicatorScope, temporality: Temporality, signal?: AbortSignal) => get('alertsGrowth', undated(scope), signal, { temporality });
export const getRespondersGrowth = (scope: IndicatorScope, temporality: Temporality, displayMode: DisplayMode, signal?: AbortSignal) =>
  get('respondersGrowth', undated(scope), signal, { temporality, displayMode });
export const getAlertsRateRanking = (scope: IndicatorScope, signal?: AbortSignal) => get('alertsRateRanking', scope, signal);
export const getRespondersRateRanking = (scope: IndicatorScope, signal?: AbortSignal) => get('respondersRateRanking', undated(scope), signal);
export const getAlertsType = (scope: IndicatorScope, signal?: AbortSignal) => get('alertsType', scope, signal);
export const getRespondersSkills = (scope: IndicatorScope, lang: string, signal?: AbortSignal) => get('respondersSkills', undated(scope), signal, { lang });
export const getLookLast24 = (scope: IndicatorScope, signal?: AbortSignal) => get('lookLast24', undated(scope), signal);
export const getAlertsSummary = (scope: IndicatorScope, signal?: AbortSignal) => get('alertsSummary', scope, signal);
