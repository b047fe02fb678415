import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Basemap } from '../../contract/tiles.schemas';
import { onlineTileTimeoutMs } from '../../src/components/map/online-layer';
import { VigilMap } from '../../src/components/map/vigil-map';
import { IntlProvider } from '../../src/i18n/intl-provider';

/**
 * The map's basemap as the dispatcher sees it: the online street tiles with their credit; when no
 * tile answers, or there is no street map at all, the "street map unavailable" notice over the
 * outlines and commune names — never a silent grid.
 */

const tilesApi = vi.hoisted(() => ({
  getOutlines: vi.fn(async () => ({ ok: true as const, data: { type: 'FeatureCollection', features: [] } })),
  getCommunes: vi.fn(async () => ({ ok: true as const, data: [{ code: '63113', name: 'Clermont-Ferrand', lon: 3.087, lat: 45.7797 }, { code: '63075', name: 'Chamalières', lon: 3.0672, lat: 45.7744 }] })),
}));
vi.mock('../../src/services/tiles.api', () => tilesApi);

const online: Basemap = { archive: null, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '<a href="https://tiles.example/">Example</a> maps', maxZoom: 18, outlinesUrl: '/tiles/outlines.json', communesUrl: '/tiles/communes.json' };

function renderMap(basemap: Basemap | null, zoom = 12) {
  return render(
    <IntlProvider userLocale="fr_FR" directionSetting="ltr">
      <div style={{ width: 800, height: 600 }}>
        <VigilMap center={{ lat: 45.7772, lon: 3.0819 }} zoom={zoom} basemap={basemap} label="Carte" />
      </div>
    </IntlProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('VigilMap basemap', () => {
  it('draws the online street tiles with their credit, and no notice once tiles load', async () => {
    vi.useFakeTimers();
    const { container } = renderMap(online);
    const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0]!.src).toMatch(/^https:\/\/tiles\.example\/12\/\d+\/\d+\.png$/);
    expect(container.querySelector('.leaflet-control-attribution a')?.getAttribute('href')).toBe('https://tiles.example/');
    act(() => tiles.forEach((tile) => tile.dispatchEvent(new Event('load'))));
    act(() => void vi.advanceTimersByTime(onlineTileTimeoutMs + 1000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(tilesApi.getOutlines).not.toHaveBeenCalled();
  });

  it('says the street map is unavailable and shows outlines when no tile answers in time', async () => {
    vi.useFakeTimers();
    const { container } = renderMap(online);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => void vi.advanceTimersByTime(onlineTileTimeoutMs + 1000));
    expect(screen.getByRole('status').textContent).toContain('Plan des rues indisponible');
    expect(container.querySelector('img.leaflet-tile')).toBeNull();
    expect(tilesApi.getOutlines).toHaveBeenCalledWith('/tiles/outlines.json', expect.anything());
  });

  it('says the same when tiles fail at once, as a refused connection does', async () => {
    const { container } = renderMap(online);
    const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    act(() => tiles.forEach((tile) => tile.dispatchEvent(new Event('error'))));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Plan des rues indisponible'));
  });

  it('without any street map, shows the notice and the commune names of the view at once', async () => {
    renderMap({ ...online, tileUrl: null });
    expect(screen.getByRole('status').textContent).toContain('Plan des rues indisponible');
    await waitFor(() => expect(screen.getByText('Clermont-Ferrand')).toBeTruthy());
    expect(screen.getByText('Chamalières')).toBeTruthy();
    expect(tilesApi.getCommunes).toHaveBeenCalledWith('/tiles/communes.json', expect.objectContaining({ west: expect.any(Number), north: expect.any(Number) }), expect.anything());
  });

  it('names no commune at country zoom, where they would not fit', async () => {
    renderMap(null, 6);
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(tilesApi.getOutlines).toHaveBeenCalled());
    expect(tilesApi.getCommunes).not.toHaveBeenCalled();
  });
});
