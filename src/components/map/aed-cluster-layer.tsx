import L from 'leaflet';
import { useMemo } from 'react';
import { Marker, Tooltip, useMap } from 'react-leaflet';
import { useMarkerTitle } from './marker-title';
import { StackedMarkers } from './stacked-markers';

/** A grid cluster answered by getAedsMap: where to put it and how many AEDs it holds. */
export interface AedCluster {
  lat: number;
  lon: number;
  count: number;
  cell: string;
}

/** One AED on the map. */
export interface AedPoint {
  udid: string;
  name: string;
  lat: number;
  lon: number;
  status: string;
  alwaysOpened: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Cluster sizes grow with the logarithm of the count, so 10 and 10,000 both read. */
function clusterSize(count: number): number {
  return Math.round(Math.min(52, 26 + Math.log10(Math.max(count, 2)) * 7));
}

function compact(count: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: count >= 10_000 ? 'compact' : 'standard', maximumFractionDigits: 1 }).format(count);
}

function ClusterMarker({ cluster, locale, label, onZoom }: { cluster: AedCluster; locale: string; label: string; onZoom: (cluster: AedCluster) => void }) {
  const size = clusterSize(cluster.count);
  const tier = cluster.count >= 1000 ? 'is-large' : cluster.count >= 100 ? 'is-medium' : 'is-small';
  const icon = useMemo(
    () => L.divIcon({ className: `vigil-marker aed-cluster ${tier}`, html: `<span class="aed-cluster__bubble">${escapeHtml(compact(cluster.count, locale))}</span>`, iconSize: [size, size], iconAnchor: [size / 2, size / 2] }),
    [cluster.count, locale, size, tier],
  );
  const handlers = useMemo(() => ({ click: () => onZoom(cluster) }), [cluster, onZoom]);
  const titled = useMarkerTitle(label);
  return <Marker ref={titled} position={[cluster.lat, cluster.lon]} icon={icon} eventHandlers={handlers} title={label} alt={label} keyboard />;
}

function PointMarker({ point, statusLabel, onOpen }: { point: AedPoint; statusLabel: string; onOpen: (udid: string) => void }) {
  const icon = useMemo(
    () =>
      L.divIcon({
        className: `vigil-marker vigil-marker--dot aed-point status-${escapeHtml(point.status)}`,
        html: '<span class="vigil-dot"><i class="pi pi-bolt" aria-hidden="true"></i></span>',
        iconSize: [28, 28],
        iconAnchor: [14, 14],
      }),
    [point.status],
  );
  const handlers = useMemo(() => ({ click: () => onOpen(point.udid) }), [onOpen, point.udid]);
  const titled = useMarkerTitle(point.name);
  return (
    <Marker ref={titled} position={[point.lat, point.lon]} icon={icon} eventHandlers={handlers} title={point.name} alt={point.name} keyboard>
      <Tooltip direction="top" offset={[0, -12]} className="vigil-map-tooltip">
        {point.name} · {statusLabel}
      </Tooltip>
    </Marker>
  );
}

export interface AedClusterLayerProps {
  clusters: AedCluster[];
  points: AedPoint[];
  locale: string;
  /** Accessible name of a cluster ("1,234 defibrillators: zoom in"). */
  clusterLabel: (count: number) => string;
  /** Accessible name of AEDs drawn as one marker ("3 defibrillators at this place: choose one"). */
  stackLabel: (count: number) => string;
  statusLabel: (status: string) => string;
  onOpen: (udid: string) => void;
}

const udidOf = (point: AedPoint) => point.udid;
const positionOf = (point: AedPoint) => point;

/**
 * Server-side clusters (click: zoom in two levels on it) and single AEDs (click: open). AEDs close
 * enough to hide each other at this zoom, at any zoom, are one marker whose click lists them.
 */
export function AedClusterLayer({ clusters, points, locale, clusterLabel, stackLabel, statusLabel, onOpen }: AedClusterLayerProps) {
  const map = useMap();
  const zoomTo = useMemo(() => (cluster: AedCluster) => map.setView([cluster.lat, cluster.lon], Math.min(map.getZoom() + 2, 18)), [map]);
  return (
    <>
      {clusters.map((cluster) => (
        <ClusterMarker key={cluster.cell} cluster={cluster} locale={locale} label={clusterLabel(cluster.count)} onZoom={zoomTo} />
      ))}
      <StackedMarkers
        items={points}
        keyOf={udidOf}
        positionOf={positionOf}
        className="aed-stack"
        stackLabel={stackLabel}
        renderSingle={(point) => <PointMarker point={point} statusLabel={statusLabel(point.status)} onOpen={onOpen} />}
        renderEntry={(point) => (
          <>
            <span className={`vigil-stack-entry__badge aed-point is-square status-${point.status}`} aria-hidden>
              <i className="pi pi-bolt" />
            </span>
            <button type="button" className="vigil-stack-entry__open" data-udid={point.udid} onClick={() => onOpen(point.udid)}>
              {point.name} · {statusLabel(point.status)}
            </button>
          </>
        )}
      />
    </>
  );
}
