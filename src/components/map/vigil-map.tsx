import 'leaflet/dist/leaflet.css';
import './map.css';
import type { LatLngBoundsExpression, LeafletMouseEvent } from 'leaflet';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AttributionControl, MapContainer, ScaleControl, useMap, useMapEvents } from 'react-leaflet';
import type { Basemap } from '../../../contract/tiles.schemas';
import { useIntl } from '../../i18n/intl-provider';
import { BasemapLayers, outlinesOnly } from './basemap-layers';
import type { Coordinates } from './coordinates';

export interface VigilMapProps {
  center: Coordinates;
  zoom: number;
  /** The basemap of getExtraInfos; without it (not loaded), the outlines Vigil serves. */
  basemap?: Basemap | null;
  /** A click on the map (not on a marker). */
  onMapClick?: (point: Coordinates) => void;
  /** Accessible name of the map region. */
  label: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The one map of Vigil (alert screen, AED screens, dashboards): Leaflet over the basemap (offline
 * archive, online street tiles, or outlines with a "street map unavailable" notice), its credits,
 * and a metric scale.
 */
export function VigilMap({ center, zoom, basemap, onMapClick, label, className, children }: VigilMapProps) {
  const { t, language } = useIntl();
  const [streetMap, setStreetMap] = useState(true);
  return (
    <div className={`vigil-map ${streetMap ? '' : 'vigil-map--outlines'} ${className ?? ''}`} role="region" aria-label={label}>
      <MapContainer center={[center.lat, center.lon]} zoom={zoom} maxZoom={20} className="vigil-map__canvas" zoomControl attributionControl={false} worldCopyJump>
        <AttributionControl position="bottomright" prefix={false} />
        <BasemapLayers basemap={basemap ?? outlinesOnly} lang={language.iso} onStreetMap={setStreetMap} />
        <ScaleControl imperial={false} position="bottomleft" />
        {onMapClick ? <ClickHandler onMapClick={onMapClick} /> : null}
        {children}
      </MapContainer>
      {streetMap ? null : (
        <p className="vigil-map__notice" role="status">
          <i className="pi pi-map" aria-hidden /> {t('map.street-unavailable')}
        </p>
      )}
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
