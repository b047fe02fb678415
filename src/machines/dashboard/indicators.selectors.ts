import type { SnapshotFrom } from 'xstate';
import type { indicatorsMachine } from './indicators.machine';
import type { IndicatorData, IndicatorPart } from './indicators.types';

export type IndicatorsSnapshot = SnapshotFrom<typeof indicatorsMachine>;

export const indicatorOf =
  <P extends IndicatorPart>(part: P) =>
  (snapshot: IndicatorsSnapshot): IndicatorData[P] | null =>
    (snapshot.context.data[part] as IndicatorData[P] | undefined) ?? null;
/** The indicator is being (re)loaded. */
export const isLoadingIndicator = (part: IndicatorPart) => (snapshot: IndicatorsSnapshot) => snapshot.matches('loading') && snapshot.context.pending.includes(part);
export const indicatorErrorOf = (part: IndicatorPart) => (snapshot: IndicatorsSnapshot) => snapshot.context.errors[part] ?? null;
export const indicatorRangeOf = (snapshot: IndicatorsSnapshot) => snapshot.context.range;
export const indicatorRangeErrorOf = (snapshot: IndicatorsSnapshot) => snapshot.context.rangeError;
export const indicatorSitesOf = (snapshot: IndicatorsSnapshot) => snapshot.context.sites;
