import './aed-map.css';
import { useEffect, useRef } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import type { Basemap } from '../../../contract/tiles.schemas';
import type { Coordinates } from './coordinates';
import { AedClusterLayer, type AedClusterLayerProps } from './aed-cluster-layer';
import { FitPoints, VigilMap } from './vigil-map';

/** What the map shows: its bounds and zoom, as getAedsMap takes them. */
export interface MapViewport {
  bbox: { north: number; south: number; east: number; west: number };
  zoom: number;
}

export interface AedMapProps extends Omit<AedClusterLayerProps, 'clusters' | 'points'> {
  center: Coordinates;
  zoom: number;
  basemap?: Basemap | null;
  label: string;
  clusters: AedClusterLayerProps['clusters'];
  points: AedClusterLayerProps['points'];
  /** Called once the map knows its size, then after every move or zoom (debounced). */
  onViewport: (viewport: MapViewport) => void;
  /** Shown over the map while the viewport loads. */
  loading?: boolean;
  /** Bounds the map fits once per new key (every AED of the filter just chosen). */
  fit?: { extent: MapViewport['bbox']; key: number } | null;
  className?: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Reports the viewport at start and after each pan or zoom, 250 ms after the map settles. */
function ViewportReporter({ onViewport }: { onViewport: (viewport: MapViewport) => void }) {
  const map = useMap();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const report = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const bounds = map.getBounds();
      onViewport({
        bbox: { north: clamp(bounds.getNorth(), -90, 90), south: clamp(bounds.getSouth(), -90, 90), east: clamp(bounds.getEast(), -180, 180), west: clamp(bounds.getWest(), -180, 180) },
        zoom: clamp(Math.round(map.getZoom()), 0, 22),
      });
    }, 250);
  };
  useMapEvents({ moveend: report });
  useEffect(() => {
    map.whenReady(report);
    return () => clearTimeout(timer.current);
    // Once per map: later reports come from moveend.
  }, [map]);
  return null;
}

/** The AED map of the list: server-side clusters by viewport and zoom, a click on an AED opens it. */
export function AedMap({ center, zoom, basemap, label, onViewport, loading = false, fit = null, className, ...layer }: AedMapProps) {
  const corners = fit ? [{ lat: fit.extent.south, lon: fit.extent.west }, { lat: fit.extent.north, lon: fit.extent.east }] : [];
  return (
    <div className={`aed-map ${className ?? ''}`} data-testid="aed-map" aria-busy={loading}>
      <VigilMap center={center} zoom={zoom} basemap={basemap} label={label}>
        <ViewportReporter onViewport={onViewport} />
        <FitPoints points={corners} fitKey={fit?.key ?? null} />
        <AedClusterLayer {...layer} />
      </VigilMap>
      {loading ? <div className="aed-map__loading" aria-hidden /> : null}
    </div>
  );
}
