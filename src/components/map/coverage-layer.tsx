import { useEffect, useRef } from 'react';
import { Rectangle, useMap, useMapEvents } from 'react-leaflet';
import { cellBounds, type CoverageGrid, type CoverageLayer, type CoverageView } from '../../../contract/coverage.grid';
import type { CoverageMap } from '../../../contract/coverage.schemas';

/** The colour of a time against the target: green within half of it, amber within it, red past it, dark red out of reach. */
export function toneOf(seconds: number | null, target: number): 'good' | 'fair' | 'late' | 'none' {
  if (seconds === null) return 'none';
  if (seconds <= target / 2) return 'good';
  return seconds <= target ? 'fair' : 'late';
}

const colours = { good: '#16a34a', fair: '#f59e0b', late: '#dc2626', none: '#7f1d1d' } as const;

/** Whether a cell counts as a gap: the AED arrives after the target, or not at all. */
export const isGap = (aedSeconds: number | null, target: number) => aedSeconds === null || aedSeconds > target;

/**
 * The coverage cells as rectangles over the map: the chosen layer's time, or only the gaps. Each
 * cell is an SVG path with its tone as a class, so that a test can count them.
 */
export function CoverageCells({ map, layer }: { map: CoverageMap; layer: CoverageLayer }) {
  const grid = map.grid;
  if (!grid) return null;
  return (
    <>
      {map.cells.map(([ix, iy, responder, aed]) => {
        const seconds = layer === 'responder' ? responder : aed;
        if (layer === 'gaps' && !isGap(aed, map.targetSeconds)) return null;
        const tone = layer === 'gaps' ? 'late' : toneOf(seconds, map.targetSeconds);
        const { south, west, north, east } = cellBounds(grid, map.level, ix, iy);
        return (
          <Rectangle
            key={`${map.level}:${ix}:${iy}`}
            bounds={[
              [south, west],
              [north, east],
            ]}
            pathOptions={{ color: colours[tone], weight: 0, fillOpacity: 0.45, className: `coverage-cell coverage-cell--${tone}${isGap(aed, map.targetSeconds) ? ' coverage-cell--gap' : ''}` }}
            interactive={false}
          />
        );
      })}
    </>
  );
}

const viewOf = (leaflet: ReturnType<typeof useMap>): CoverageView => {
  const bounds = leaflet.getBounds();
  return { south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast() };
};

/** Tells the machine the map's bounds at the start and after each move or zoom. */
export function ViewWatcher({ onView }: { onView: (view: CoverageView) => void }) {
  const leaflet = useMapEvents({ moveend: () => onView(viewOf(leaflet)) });
  useEffect(() => {
    onView(viewOf(leaflet));
  }, [leaflet]);
  return null;
}

/** Fits the map to the area once per account (the first grid of each). */
export function FitGrid({ grid, fitKey }: { grid: CoverageGrid | null | undefined; fitKey: string }) {
  const leaflet = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!grid || fitted.current === fitKey) return;
    fitted.current = fitKey;
    const south = cellBounds(grid, 0, 0, 0);
    const north = cellBounds(grid, 0, grid.cols - 1, grid.rows - 1);
    leaflet.fitBounds(
      [
        [south.south, south.west],
        [north.north, north.east],
      ],
      { animate: false },
    );
  }, [grid, fitKey, leaflet]);
  return null;
}
