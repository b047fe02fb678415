import { fromPromise } from 'xstate';
import { getAccountList } from '../../services/account.api';
import type { Result } from '../../services/http';
import * as api from '../../services/indicator.api';
import type { IndicatorData, IndicatorPart, IndicatorsOutcome, IndicatorsRequest, SitesOutcome } from './indicators.types';

function callOf(part: IndicatorPart, request: IndicatorsRequest, signal: AbortSignal): Promise<Result<IndicatorData[IndicatorPart]>> {
  const scope: api.IndicatorScope = { selectedSite: request.selectedSite, area: request.area || null, startDate: request.range.startDate || undefined, endDate: request.range.endDate || undefined };
  switch (part) {
    case 'alertsType':
      return api.getAlertsType(scope, signal);
    case 'alertsGrowth':
      return api.getAlertsGrowth(scope, request.temporality, signal);
    case 'respondersGrowth':
      return api.getRespondersGrowth(scope, request.temporality, request.displayMode, signal);
    case 'alertsRanking':
      return api.getAlertsRateRanking(scope, signal);
    case 'respondersRanking':
      return api.getRespondersRateRanking(scope, signal);
    case 'aedsHeatmap':
      return api.getAedsHeatmap(scope, signal);
    case 'respondersHeatmap':
      return api.getRespondersHeatmap(scope, signal);
    case 'respondersSkills':
      return api.getRespondersSkills(scope, request.lang, signal);
    case 'lookLast24':
      return api.getLookLast24(scope, signal);
    case 'alertsSummary':
      return api.getAlertsSummary(scope, signal);
  }
}

/** The indicators' I/O; tests replace it with `.provide({ actors })`. */
export const indicatorsActors = {
  loadSites: fromPromise<SitesOutcome>(({ signal }) => getAccountList(signal)),
  /** Loads the parts asked, side by side; each part answers or fails on its own. */
  loadIndicators: fromPromise<IndicatorsOutcome, IndicatorsRequest>(async ({ input, signal }) => {
    const results = await Promise.all(input.parts.map(async (part) => [part, await callOf(part, input, signal)] as const));
    const outcome: IndicatorsOutcome = { data: {}, errors: {} };
    for (const [part, result] of results) {
      if (result.ok) (outcome.data as Record<string, unknown>)[part] = result.data;
      else outcome.errors[part] = result.key;
    }
    return outcome;
  }),
};
