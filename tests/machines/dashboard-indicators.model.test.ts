import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { indicatorsMachine } from '../../src/machines/dashboard/indicators.machine';
import { indicatorErrorOf, indicatorOf, indicatorRangeErrorOf, indicatorRangeOf } from '../../src/machines/dashboard/indicators.selectors';
import type { IndicatorsRequest } from '../../src/machines/dashboard/indicators.types';
import { calendarPresets, presetOf, presetRange } from '../../src/machines/dashboard/presets';
import { describePathModel } from './kit';
import { indicatorsOutcomeSample } from './history.fixtures';
import { pathModel } from './dashboard-indicators.samples';

/** The indicators machine and the calendar presets of spec §9. */
describePathModel(pathModel);

function scripted(parts: IndicatorsRequest['parts']) {
  const requests: IndicatorsRequest[] = [];
  const machine = indicatorsMachine.provide({
    actors: {
      loadSites: fromPromise(async () => ({ ok: true, data: [] }) as never),
      loadIndicators: fromPromise(async ({ input }: { input: IndicatorsRequest }) => {
        requests.push(structuredClone(input));
        return { data: Object.fromEntries(input.parts.filter((part) => part !== 'respondersGrowth').map((part) => [part, indicatorsOutcomeSample.data.alertsType])), errors: input.parts.includes('respondersGrowth') ? { respondersGrowth: 'error.network' } : {} } as never;
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { parts, lang: 'de', preset: 'last30Days' } }).start();
  return { actor, requests };
}
const ready = (actor: ReturnType<typeof scripted>['actor']) => waitFor(actor, (snapshot) => snapshot.matches('ready'));

describe('calendar presets', () => {
  const now = Date.parse('2026-03-15T10:00:00Z');
  it('gives the days of each preset of spec §9 in Europe/Paris', () => {
    expect(calendarPresets.map((preset) => [preset, presetRange(preset, now)])).toEqual([
      ['today', { startDate: '2026-03-15', endDate: '2026-03-15' }],
      ['last7Days', { startDate: '2026-03-09', endDate: '2026-03-15' }],
      ['last30Days', { startDate: '2026-02-14', endDate: '2026-03-15' }],
      ['currentMonth', { startDate: '2026-03-01', endDate: '2026-03-15' }],
      ['lastMonth', { startDate: '2026-02-01', endDate: '2026-02-28' }],
      ['last6Months', { startDate: '2025-09-16', endDate: '2026-03-15' }],
      ['currentYear', { startDate: '2026-01-01', endDate: '2026-03-15' }],
    ]);
    expect(presetOf({ startDate: '2026-03-01', endDate: '2026-03-15' }, now)).toBe('currentMonth');
    expect(presetOf({ startDate: '2026-03-02', endDate: '2026-03-15' }, now)).toBeNull();
  });

  it('counts "today" in Paris even when it is still yesterday in UTC', () => {
    expect(presetRange('today', Date.parse('2026-07-14T22:30:00Z'))).toEqual({ startDate: '2026-07-15', endDate: '2026-07-15' });
  });
});

describe('indicators journeys', () => {
  it('loads every part with the preset’s range, then only what a change concerns', async () => {
    const { actor, requests } = scripted(['alertsType', 'alertsGrowth', 'respondersGrowth', 'aedsHeatmap']);
    await ready(actor);
    expect(requests[0]).toMatchObject({ parts: ['alertsType', 'alertsGrowth', 'respondersGrowth', 'aedsHeatmap'], range: { preset: 'last30Days', ...presetRange('last30Days') }, temporality: 'month', displayMode: 'accrued', lang: 'de' });
    actor.send({ type: 'temporality.choose', temporality: 'year' });
    await ready(actor);
    expect(requests[1]).toMatchObject({ parts: ['alertsGrowth', 'respondersGrowth'], temporality: 'year' });
    actor.send({ type: 'displayMode.choose', displayMode: 'new' });
    await ready(actor);
    expect(requests[2].parts).toEqual(['respondersGrowth']);
    actor.send({ type: 'range.preset', preset: 'currentYear' });
    await ready(actor);
    expect(requests[3]).toMatchObject({ parts: ['alertsType'], range: { preset: 'currentYear' } });
    actor.send({ type: 'area.choose', area: '63' });
    await ready(actor);
    expect(requests[4]).toMatchObject({ parts: ['alertsType', 'alertsGrowth', 'respondersGrowth', 'aedsHeatmap'], area: '63' });
    expect(indicatorOf('alertsType')(actor.getSnapshot())?.total).toBe(3);
    expect(indicatorErrorOf('respondersGrowth')(actor.getSnapshot())).toBe('error.network');
  });

  it('refuses a custom range whose start comes after its end, and keeps the last one', async () => {
    const { actor, requests } = scripted(['alertsType']);
    await ready(actor);
    actor.send({ type: 'range.custom', startDate: '2026-10-31', endDate: '2026-10-01' });
    expect(indicatorRangeErrorOf(actor.getSnapshot())).toBe('error.history.start-after-end');
    expect(requests).toHaveLength(1);
    actor.send({ type: 'range.custom', startDate: '2026-10-01', endDate: '2026-10-31' });
    await ready(actor);
    expect(indicatorRangeOf(actor.getSnapshot())).toEqual({ preset: null, startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(indicatorRangeErrorOf(actor.getSnapshot())).toBeNull();
  });
});
