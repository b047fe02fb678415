import type { z } from 'zod';
import { endpoint } from './endpoint';
import {
  alertsSummary,
  alertsType,
  areaOnlyQuery,
  growth,
  growthQuery,
  heatmap,
  heatmapQuery,
  lookLast24,
  rangeQuery,
  ranking,
  respondersGrowthQuery,
  respondersSkills,
  skillsQuery,
} from './indicator.schemas';

const base = '/services/backoffice/indicators';

/** One indicator: a GET with an area query, for the dashboard view and the alert reporting page. */
const indicator = <const Q extends z.ZodType, const R extends z.ZodType>(name: string, summary: string, query: Q, response: R) =>
  endpoint({
    method: 'GET',
    path: `${base}/${name}`,
    summary,
    tags: ['indicators'],
    access: 'indicators',
    query,
    response,
    errors: [400, 401, 403],
    writes: false,
    matrix: { own: 200, other: 403, note: 'dashboard.view or alert.reporting; other: selectedSite of another account' },
  });

/** The indicators of spec §7 and alertsSummary for the alert reporting page. */
export const indicatorEndpoints = {
  aedsHeatmap: indicator('aedsHeatmap', 'AEDs per 1 km cell', heatmapQuery, heatmap),
  respondersHeatmap: indicator('respondersHeatmap', 'Activated responders’ last positions per 1 km cell', heatmapQuery, heatmap),
  alertsGrowth: indicator('alertsGrowth', 'Launched alerts per day, week, month (default), year or century', growthQuery, growth),
  respondersGrowth: indicator('respondersGrowth', 'Activated responders, accrued (default) or new per bucket', respondersGrowthQuery, growth),
  alertsRateRanking: indicator('alertsRateRanking', 'Alerts per 100,000 inhabitants by département (communes of a département area)', rangeQuery, ranking),
  respondersRateRanking: indicator('respondersRateRanking', 'Responders per 1,000 inhabitants by département (communes of a département area)', areaOnlyQuery, ranking),
  alertsType: indicator('alertsType', 'Launched alerts per alert type', rangeQuery, alertsType),
  respondersSkills: indicator('respondersSkills', 'Responders by training status and skill (labels in lang, default fr)', skillsQuery, respondersSkills),
  lookLast24: indicator('lookLast24', 'Alerts of the last 24 hours', areaOnlyQuery, lookLast24),
  alertsSummary: indicator('alertsSummary', 'Alert reporting figures of a range, with alerts per day', rangeQuery, alertsSummary),
};
