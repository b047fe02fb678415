import { assign, setup } from 'xstate';
import { errorKeys } from '../../../contract/errors';
import { historyErrorKeys } from '../../../contract/history.errors';
import { defaultTemporality, type DisplayMode, type Temporality } from '../../../contract/indicator.schemas';
import { observe } from '../observations';
import { indicatorsActors } from './indicators.actors';
import { growthParts, rangedParts, type IndicatorPart, type IndicatorRange, type IndicatorsContext, type IndicatorsEvent, type IndicatorsInput, type IndicatorsOutcome, type SitesOutcome } from './indicators.types';
import { presetRange, type CalendarPreset } from './presets';

const union = (current: IndicatorPart[], added: readonly IndicatorPart[], shown: IndicatorPart[]) => [...new Set([...current, ...added.filter((part) => shown.includes(part))])];

function rangeOf(preset: CalendarPreset | null): IndicatorRange {
  return preset ? { preset, ...presetRange(preset) } : { preset: null, startDate: '', endDate: '' };
}

/**
 * The indicators of a page (the dashboard's tabs, the alert reporting page): the calendar range
 * (presets of spec §9 or two days), the area, the site, the growth temporality and display mode.
 * A change reloads only the indicators that read it; each indicator answers or fails on its own.
 */
export const indicatorsMachine = setup({
  types: {} as { context: IndicatorsContext; events: IndicatorsEvent; input: IndicatorsInput },
  actors: indicatorsActors,
  guards: {
    sitesLoaded: (_, params: { outcome: SitesOutcome }) => params.outcome.ok,
    rangeOrdered: (_, params: { startDate: string; endDate: string }) => params.startDate !== '' && params.endDate !== '' && params.startDate <= params.endDate,
  },
  actions: {
    keepSites: assign((_, params: { outcome: SitesOutcome }) => ({ sites: (params.outcome as Extract<SitesOutcome, { ok: true }>).data })),
    choosePreset: assign(({ context }, params: { preset: CalendarPreset }) => ({ range: rangeOf(params.preset), rangeError: null, pending: union(context.pending, rangedParts, context.parts) })),
    chooseRange: assign(({ context }, params: { startDate: string; endDate: string }) => ({
      range: { preset: null, startDate: params.startDate, endDate: params.endDate },
      rangeError: null,
      pending: union(context.pending, rangedParts, context.parts),
    })),
    refuseRange: assign({ rangeError: historyErrorKeys.startAfterEnd }),
    chooseArea: assign(({ context }, params: { area: string }) => ({ area: params.area, pending: [...context.parts] })),
    chooseSite: assign(({ context }, params: { site: number | null }) => ({ selectedSite: params.site, pending: [...context.parts] })),
    chooseTemporality: assign(({ context }, params: { temporality: Temporality }) => ({ temporality: params.temporality, pending: union(context.pending, growthParts, context.parts) })),
    chooseDisplayMode: assign(({ context }, params: { displayMode: DisplayMode }) => ({ displayMode: params.displayMode, pending: union(context.pending, ['respondersGrowth'], context.parts) })),
    reloadAll: assign(({ context }) => ({ pending: [...context.parts] })),
    keepOutcome: assign(({ context }, params: { outcome: IndicatorsOutcome }) => {
      const errors = { ...context.errors };
      for (const part of context.pending) delete errors[part];
      return { data: { ...context.data, ...params.outcome.data }, errors: { ...errors, ...params.outcome.errors }, pending: [] };
    }),
    keepFailure: assign(({ context }) => ({ errors: Object.fromEntries(context.pending.map((part) => [part, errorKeys.serverError])), pending: [] })),
  },
}).createMachine({
  id: 'indicators',
  context: ({ input }) => ({
    parts: input.parts,
    lang: input.lang,
    sites: [],
    selectedSite: null,
    area: '',
    range: rangeOf(input.preset),
    temporality: defaultTemporality,
    displayMode: 'accrued',
    data: {},
    errors: {},
    pending: [...input.parts],
    rangeError: null,
  }),
  // The accounts of the site filter, loaded once.
  invoke: { src: 'loadSites', onDone: { guard: { type: 'sitesLoaded', params: ({ event }) => ({ outcome: event.output }) }, actions: { type: 'keepSites', params: ({ event }) => ({ outcome: event.output }) } } },
  // The cards each show their own veil, error or figures (which depends on the parts of the page);
  // what every page shows is whether indicators are being loaded.
  meta: observe({ calls: ['account.getAccountList'] }),
  initial: 'loading',
  on: {
    'range.preset': { target: '.loading', actions: { type: 'choosePreset', params: ({ event }) => ({ preset: event.preset }) } },
    'range.custom': [
      { guard: { type: 'rangeOrdered', params: ({ event }) => ({ startDate: event.startDate, endDate: event.endDate }) }, target: '.loading', actions: { type: 'chooseRange', params: ({ event }) => ({ startDate: event.startDate, endDate: event.endDate }) } },
      { actions: 'refuseRange' },
    ],
    'area.choose': { target: '.loading', actions: { type: 'chooseArea', params: ({ event }) => ({ area: event.area }) } },
    'site.choose': { target: '.loading', actions: { type: 'chooseSite', params: ({ event }) => ({ site: event.site }) } },
    'temporality.choose': { target: '.loading', actions: { type: 'chooseTemporality', params: ({ event }) => ({ temporality: event.temporality }) } },
    'displayMode.choose': { target: '.loading', actions: { type: 'chooseDisplayMode', params: ({ event }) => ({ displayMode: event.displayMode }) } },
    'indicators.refresh': { target: '.loading', actions: 'reloadAll' },
  },
  states: {
    loading: {
      meta: observe({ shown: ['indicators-loading'], messages: ['indicator.loading'] }),
      invoke: {
        src: 'loadIndicators',
        input: ({ context }) => ({
          parts: context.pending,
          selectedSite: context.selectedSite,
          area: context.area,
          range: context.range,
          temporality: context.temporality,
          displayMode: context.displayMode,
          lang: context.lang,
        }),
        onDone: { target: 'ready', actions: { type: 'keepOutcome', params: ({ event }) => ({ outcome: event.output }) } },
        onError: { target: 'ready', actions: 'keepFailure' },
      },
    },
    ready: { meta: observe({ absent: ['indicators-loading'] }) },
  },
});
