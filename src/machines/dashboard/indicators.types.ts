import type { AlertsSummary, AlertsType, DisplayMode, Growth, Heatmap, LookLast24, Ranking, RespondersSkills, Temporality } from '../../../contract/indicator.schemas';
import type { AccountSummary } from '../../../contract/auth.schemas';
import type { Result } from '../../services/http';
import type { CalendarPreset } from './presets';

/** Every indicator a page may show, and what each answers. */
export interface IndicatorData {
  alertsType: AlertsType;
  alertsGrowth: Growth;
  respondersGrowth: Growth;
  alertsRanking: Ranking;
  respondersRanking: Ranking;
  aedsHeatmap: Heatmap;
  respondersHeatmap: Heatmap;
  respondersSkills: RespondersSkills;
  lookLast24: LookLast24;
  alertsSummary: AlertsSummary;
}
export type IndicatorPart = keyof IndicatorData;

/** Parts that read the calendar range; the others ignore it. */
export const rangedParts: readonly IndicatorPart[] = ['alertsType', 'alertsRanking', 'alertsSummary'];
/** Parts that read the temporality (and, for responders, the display mode). */
export const growthParts: readonly IndicatorPart[] = ['alertsGrowth', 'respondersGrowth'];

export interface IndicatorsInput {
  /** The indicators this page shows. */
  parts: IndicatorPart[];
  lang: string;
  /** The calendar preset to start with; null leaves each indicator's own default range. */
  preset: CalendarPreset | null;
}

export interface IndicatorRange {
  preset: CalendarPreset | null;
  /** '' for the indicator's default. */
  startDate: string;
  endDate: string;
}

export interface IndicatorsContext {
  parts: IndicatorPart[];
  lang: string;
  /** The accounts the site filter offers. */
  sites: AccountSummary[];
  selectedSite: number | null;
  /** '' for everything; a country or a département code. */
  area: string;
  range: IndicatorRange;
  temporality: Temporality;
  displayMode: DisplayMode;
  data: Partial<IndicatorData>;
  errors: Partial<Record<IndicatorPart, string>>;
  /** Parts to (re)load. */
  pending: IndicatorPart[];
  /** A custom range with its start after its end. */
  rangeError: string | null;
}

export type IndicatorsEvent =
  | { type: 'range.preset'; preset: CalendarPreset }
  | { type: 'range.custom'; startDate: string; endDate: string }
  | { type: 'area.choose'; area: string }
  | { type: 'site.choose'; site: number | null }
  | { type: 'temporality.choose'; temporality: Temporality }
  | { type: 'displayMode.choose'; displayMode: DisplayMode }
  | { type: 'indicators.refresh' };

export interface IndicatorsRequest {
  parts: IndicatorPart[];
  selectedSite: number | null;
  area: string;
  range: IndicatorRange;
  temporality: Temporality;
  displayMode: DisplayMode;
  lang: string;
}

/** What a load brought: the parts that answered and the keys of those that failed. */
export interface IndicatorsOutcome {
  data: Partial<IndicatorData>;
  errors: Partial<Record<IndicatorPart, string>>;
}

export type SitesOutcome = Result<AccountSummary[]>;
