import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { TileArchive } from '../../../contract/tiles.schemas';

export interface ArchiveLayerProps {
  archive: TileArchive;
  /** Two-letter language for the place names (name:fr, name:de…), else `name`. */
  lang: string;
  /** Called when the archive cannot be read (Vigil unreachable, or the file gone). */
  onUnavailable: () => void;
}

/**
 * The offline street map: the PMTiles archive Vigil serves, read with HTTP range requests and drawn
 * in the browser by protomaps-leaflet. Outside the
 * archive's bounds no tile is drawn, so the outlines beneath stay visible.
 */
export function ArchiveLayer({ archive, lang, onUnavailable }: ArchiveLayerProps) {
  const map = useMap();
  useEffect(() => {
    let cancelled = false;
    let layer: L.Layer | undefined;
    // Both libraries load only on maps that have an archive.
    Promise.all([import('pmtiles'), import('protomaps-leaflet')])
      .then(async ([pmtiles, protomaps]) => {
        const tiles = new pmtiles.PMTiles(archive.url);
        await tiles.getHeader();
        if (cancelled) return;
        // protomaps-leaflet extends the global L.GridLayer.
        (globalThis as { L?: typeof L }).L ??= L;
        const [west, south, east, north] = archive.bounds;
        layer = protomaps.leafletLayer({
          url: tiles as never,
          flavor: 'light',
          lang,
          maxDataZoom: archive.maxZoom,
          bounds: [[south, west], [north, east]],
          attribution: archive.attribution,
          className: 'vigil-map__archive',
        }) as unknown as L.Layer;
        layer.addTo(map);
      })
      .catch(() => {
        if (!cancelled) onUnavailable();
      });
    return () => {
      cancelled = true;
      layer?.remove();
    };
    // A new archive (URL or bounds) is a new layer; the callback's identity does not matter.
  }, [map, archive.url, archive.maxZoom, archive.bounds.join(','), lang]);
  return null;
}
