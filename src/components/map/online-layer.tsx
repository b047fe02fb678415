import { useEffect, useRef } from 'react';
import { TileLayer } from 'react-leaflet';

/** A transparent pixel: a tile that fails to load leaves what is beneath, not a broken image. */
const blankTile = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Beyond this without one tile, the street map is taken as unreachable (a firewall that drops, not refuses). */
export const onlineTileTimeoutMs = 12_000;

export interface OnlineLayerProps {
  url: string;
  attribution: string;
  maxZoom: number;
  /** Called once when no tile of the first view could be loaded. */
  onUnavailable: () => void;
}

/** The online street map (TILE_URL): raster tiles, deepest zoom TILE_MAX_ZOOM, enlarged beyond. */
export function OnlineLayer({ url, attribution, maxZoom, onUnavailable }: OnlineLayerProps) {
  const loaded = useRef(0);
  const failed = useRef(0);
  const reported = useRef(false);
  const report = () => {
    if (reported.current || loaded.current > 0) return;
    reported.current = true;
    onUnavailable();
  };
  useEffect(() => {
    const timer = setTimeout(report, onlineTileTimeoutMs);
    return () => clearTimeout(timer);
    // One deadline per URL: the layer is remounted when the URL changes.
  }, [url]);
  return (
    <TileLayer
      url={url}
      attribution={attribution}
      maxNativeZoom={maxZoom}
      maxZoom={22}
      errorTileUrl={blankTile}
      eventHandlers={{
        tileload: () => void (loaded.current += 1),
        tileerror: () => void (failed.current += 1),
        // Every tile of the view has answered: none loaded means no street map.
        load: () => failed.current > 0 && report(),
      }}
    />
  );
}
