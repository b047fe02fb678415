import 'leaflet/dist/leaflet.css';
import './map.css';
import type { LatLngBoundsExpression, LeafletMouseEvent } from 'leaflet';
import { useEffect, useRef, type ReactNode } from 'react';
import { MapContainer, ScaleControl, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { Coordinates } from './coordinates';

/** A transparent pixel: a tile that fails to load leaves the plain map background, not a broken image. */
const blankTile = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export interface VigilMapProps {
  center: Coordinates;
  zoom: number;
  /** Tile URL template from getExtraInfos (`tileUrl`); without it, or when tiles fail, the markers stand on a plain background. */
  tileUrl?: string | null;
  /** A click on the map (not on a marker). */
  onMapClick?: (point: Coordinates) => void;
  /** Accessible name of the map region. */
  label: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The one map of Vigil (alert screen, AED screens): Leaflet with the configured tiles, a metric
 * scale, and a plain grid background that keeps the map readable when the tiles do not answer.
 */
export function VigilMap({ center, zoom, tileUrl, onMapClick, label, className, children }: VigilMapProps) {
  return (
    <div className={`vigil-map ${className ?? ''}`} role="region" aria-label={label}>
      <MapContainer center={[center.lat, center.lon]} zoom={zoom} className="vigil-map__canvas" zoomControl attributionControl={false} worldCopyJump>
        {tileUrl ? <TileLayer url={tileUrl} errorTileUrl={blankTile} maxZoom={19} /> : null}
        <ScaleControl imperial={false} position="bottomleft" />
        {onMapClick ? <ClickHandler onMapClick={onMapClick} /> : null}
        {children}
      </MapContainer>
    </div>
  );
}

function ClickHandler({ onMapClick }: { onMapClick: (point: Coordinates) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onMapClick({ lat: event.latlng.lat, lon: event.latlng.lng }) });
  return null;
}

/** Centres the map on `point` whenever `focusKey` changes (a new place for the victim), keeping the zoom at least `minZoom`. */
export function MapFocus({ point, focusKey, minZoom = 16 }: { point: Coordinates | null; focusKey: string | number | null; minZoom?: number }) {
  const map = useMap();
  useEffect(() => {
    if (!point || focusKey === null) return;
    map.setView([point.lat, point.lon], Math.max(map.getZoom(), minZoom), { animate: true });
    // Only a new focus key moves the map: the dispatcher may pan freely in between.
  }, [focusKey]);
  return null;
}

/** Fits the map once around `points` when `fitKey` changes (say, when the first responders appear). */
export function FitPoints({ points, fitKey, maxZoom = 17 }: { points: Coordinates[]; fitKey: string | number | null; maxZoom?: number }) {
  const map = useMap();
  const last = useRef<string | number | null>(null);
  useEffect(() => {
    if (fitKey === null || fitKey === last.current || points.length === 0) return;
    last.current = fitKey;
    const bounds: LatLngBoundsExpression = points.map((point) => [point.lat, point.lon] as [number, number]);
    map.fitBounds(bounds, { padding: [48, 48], maxZoom, animate: true });
  }, [fitKey]);
  return null;
}
