import type { AlertsSummary, AlertsType, DisplayMode, Growth, Heatmap, LookLast24, Ranking, RespondersSkills, Temporality } from '../../contract/indicator.schemas';
import { call, type Result } from './http';

/** The indicator calls of spec §7 (GET /services/backoffice/indicators/..., with an area query). */

const base = '/services/backoffice/indicators';

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

const get = <T>(name: string, scope: IndicatorScope, signal?: AbortSignal, extra?: Record<string, string>) => call<T>(`${base}/${name}`, { query: queryOf(scope, extra), signal });

export const getAedsHeatmap = (scope: IndicatorScope, signal?: AbortSignal): Promise<Result<Heatmap>> => get('aedsHeatmap', { ...scope, startDate: undefined, endDate: undefined }, signal);
export const getRespondersHeatmap = (scope: IndicatorScope, signal?: AbortSignal): Promise<Result<Heatmap>> => get('respondersHeatmap', { ...scope, startDate: undefined, endDate: undefined }, signal);
export const getAlertsGrowth = (scope: IndicatorScope, temporality: Temporality, signal?: AbortSignal): Promise<Result<Growth>> =>
  get('alertsGrowth', { ...scope, startDate: undefined, endDate: undefined }, signal, { temporality });
export const getRespondersGrowth = (scope: IndicatorScope, temporality: Temporality, displayMode: DisplayMode, signal?: AbortSignal): Promise<Result<Growth>> =>
  get('respondersGrowth', { ...scope, startDate: undefined, endDate: undefined }, signal, { temporality, displayMode });
export const getAlertsRateRanking = (scope: IndicatorScope, signal?: AbortSignal): Promise<Result<Ranking>> => get('alertsRateRanking', scope, signal);
export const getRespondersRateRanking = (scope: IndicatorScope, signal?: AbortSignal): Promise<Result<Ranking>> => get('respondersRateRanking', { ...scope, startDate: undefined, endDate: undefined }, signal);
export const getAlertsType = (scope: IndicatorScope, signal?: AbortSignal): Promise<Result<AlertsType>> => get('alertsType', scope, signal);
export const getRespondersSkills = (scope: IndicatorScope, lang: string, signal?: AbortSignal): Promise<Result<RespondersSkills>> =>
  get('respondersSkills', { ...scope, startDate: undefined, endDate: undefined }, signal, { lang });
export const getLookLast24 = (scope: IndicatorScope, signal?: AbortSignal): Promise<Result<LookLast24>> => get('lookLast24', { ...scope, startDate: undefined, endDate: undefined }, signal);
export const getAlertsSummary = (scope: IndicatorScope, signal?: AbortSignal): Promise<Result<AlertsSummary>> => get('alertsSummary', scope, signal);
