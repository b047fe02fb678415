import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CoverageCellDetail, CoverageMap, CoverageSummary } from '../../contract/coverage.schemas';
import { coverageMachine } from '../../src/machines/coverage/coverage.machine';
import type { CoverageView } from '../../contract/coverage.grid';
import type { CoverageFilters } from '../../src/services/coverage.api';

/** The coverage map's machine with its calls stubbed: what each call was asked, and what the screen keeps. */
const map = (hour: number): CoverageMap => ({
  computedAt: '2026-11-28T07:00:00.000Z',
  grid: { south: 45, west: 3, cellMetres: 200, metresPerLon: 78_000, cols: 10, rows: 10 },
  level: 0,
  targetSeconds: 480,
  instants: 3,
  cells: [[1, 1, 200, hour === 3 ? 1093 : 458, 1]],
});
const summary: CoverageSummary = { computedAt: '2026-11-28T07:00:00.000Z', instants: 3, targetSeconds: 480, cells: 1, gapCells: 0, worst: [], candidates: [] };
const cell: CoverageCellDetail = {
  ix: 1,
  iy: 1,
  lat: 45.001,
  lon: 3.001,
  responderSeconds: 200,
  aedSeconds: 1093,
  alerts: 1,
  gap: true,
  instants: 3,
  instantsWithResponder: 3,
  fetchedAed: null,
  nearestAeds: [],
  reasons: ['nearestAedsClosed'],
};

function scripted(options: { cellFails?: boolean } = {}) {
  const asked = { summary: [] as CoverageFilters[], map: [] as { filters: CoverageFilters; view: CoverageView | null }[], cell: [] as { lat: number; lon: number }[] };
  const machine = coverageMachine.provide({
    actors: {
      loadSites: fromPromise(async () => ({ ok: true, data: [] }) as never),
      loadSummary: fromPromise(async ({ input }: { input: CoverageFilters }) => {
        asked.summary.push(input);
        return { ok: true, data: summary } as never;
      }),
      loadMap: fromPromise(async ({ input }: { input: { filters: CoverageFilters; view: CoverageView | null } }) => {
        asked.map.push(input);
        return { ok: true, data: map(input.filters.hour) } as never;
      }),
      loadCell: fromPromise(async ({ input }: { input: { point: { lat: number; lon: number } } }) => {
        asked.cell.push(input.point);
        return (options.cellFails ? { ok: false, key: 'error.coverage.outside-area', status: 404 } : { ok: true, data: cell }) as never;
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { lang: 'en' } }).start();
  return { actor, asked };
}

const settled = (actor: ReturnType<typeof scripted>['actor']) => waitFor(actor, (snapshot) => !snapshot.hasTag('loading'));
const view = { south: 45, west: 3, north: 45.1, east: 3.1 };

describe('coverage map journeys', () => {
  it('loads the summary of weekdays at 14:00 at once, and the map once it knows its view', async () => {
    const { actor, asked } = scripted();
    await settled(actor);
    expect(asked.summary).toEqual([{ selectedSite: null, weekend: false, hour: 14 }]);
    expect(asked.map).toEqual([]);
    actor.send({ type: 'view.move', view });
    await settled(actor);
    expect(asked.map).toEqual([{ filters: { selectedSite: null, weekend: false, hour: 14 }, view }]);
    expect(actor.getSnapshot().context.map?.cells[0]).toEqual([1, 1, 200, 458, 1]);
  });

  it('loads the summary and the map of the view again when the hour changes, and closes the explanation', async () => {
    const { actor, asked } = scripted();
    actor.send({ type: 'view.move', view });
    await settled(actor);
    actor.send({ type: 'cell.pick', point: { lat: 45.001, lon: 3.001 } });
    await waitFor(actor, (snapshot) => snapshot.matches({ cell: 'open' }));
    actor.send({ type: 'filters.change', filters: { hour: 3 } });
    expect(actor.getSnapshot().matches({ cell: 'closed' })).toBe(true);
    await settled(actor);
    expect(asked.summary.at(-1)).toEqual({ selectedSite: null, weekend: false, hour: 3 });
    expect(asked.map.at(-1)).toEqual({ filters: { selectedSite: null, weekend: false, hour: 3 }, view });
    expect(actor.getSnapshot().context.map?.cells[0]).toEqual([1, 1, 200, 1093, 1]);
    expect(actor.getSnapshot().context.cell).toBeNull();
  });

  it('moves the map without asking for the summary again, and changes the layer without any call', async () => {
    const { actor, asked } = scripted();
    actor.send({ type: 'view.move', view });
    await settled(actor);
    actor.send({ type: 'view.move', view: { ...view, north: 45.2 } });
    actor.send({ type: 'layer.choose', layer: 'gaps' });
    await settled(actor);
    expect([asked.summary.length, asked.map.length]).toEqual([1, 2]);
    expect(actor.getSnapshot().context.layer).toBe('gaps');
  });

  it('explains a picked cell, and keeps the key of a failed explanation for the panel', async () => {
    const { actor, asked } = scripted({ cellFails: true });
    actor.send({ type: 'cell.pick', point: { lat: 46, lon: 4 } });
    await waitFor(actor, (snapshot) => snapshot.matches({ cell: 'failed' }));
    expect(asked.cell).toEqual([{ lat: 46, lon: 4 }]);
    expect(actor.getSnapshot().context.cellError).toBe('error.coverage.outside-area');
    actor.send({ type: 'cell.close' });
    expect(actor.getSnapshot().context.cellError).toBeNull();
  });
});
