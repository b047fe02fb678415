import L from 'leaflet';
import { useMemo } from 'react';
import { Circle, Marker, Tooltip } from 'react-leaflet';
import type { Coordinates } from './coordinates';
import { useMarkerTitle } from './marker-title';

/** A marker drawn in HTML (styled by map.css and the caller's classes), never an image from a CDN. */
function htmlIcon(className: string, html: string, size: [number, number], anchor: [number, number]) {
  return L.divIcon({ className: `vigil-marker ${className}`, html, iconSize: size, iconAnchor: anchor, tooltipAnchor: [0, -anchor[1]] });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface PinMarkerProps {
  position: Coordinates;
  /** The pin can be dragged; `onMove` gets where it was dropped. */
  draggable?: boolean;
  onMove?: (point: Coordinates) => void;
  /** Accessible name and tooltip. */
  title: string;
  /** Extra class (a busy pin, another colour). */
  className?: string;
  /** The primeicons glyph inside the pin. */
  glyph?: string;
}

/** The place pin (the victim on the alert screen, an AED on its form): a teardrop, draggable when allowed. */
export function PinMarker({ position, draggable = false, onMove, title, className = '', glyph = 'pi-map-marker' }: PinMarkerProps) {
  const icon = useMemo(() => htmlIcon(`vigil-marker--pin ${className}`, `<span class="vigil-pin"><i class="pi ${escapeHtml(glyph)}" aria-hidden="true"></i></span>`, [40, 48], [20, 46]), [className, glyph]);
  const handlers = useMemo(
    () => ({
      dragend: (event: L.DragEndEvent) => {
        const point = (event.target as L.Marker).getLatLng();
        onMove?.({ lat: point.lat, lon: point.lng });
      },
    }),
    [onMove],
  );
  const titled = useMarkerTitle(title);
  return <Marker ref={titled} position={[position.lat, position.lon]} icon={icon} draggable={draggable} eventHandlers={handlers} title={title} alt={title} keyboard zIndexOffset={1000} autoPan />;
}

export interface PointMarkerProps {
  position: Coordinates;
  /** Classes giving the colour (the caller's status classes). */
  className: string;
  /** Short text inside the dot (initials); escaped. */
  text?: string;
  /** A primeicons name shown instead of text (`pi-bolt`). */
  icon?: string;
  title: string;
  /** Shown on hover, and always when `permanentTooltip` is set. */
  tooltip?: string;
  permanentTooltip?: boolean;
  zIndexOffset?: number;
}

/** A round marker: a responder, an AED, anything placed by status. */
export function PointMarker({ position, className, text, icon, title, tooltip, permanentTooltip = false, zIndexOffset = 0 }: PointMarkerProps) {
  const html = icon ? `<span class="vigil-dot"><i class="pi ${escapeHtml(icon)}" aria-hidden="true"></i></span>` : `<span class="vigil-dot">${escapeHtml(text ?? '')}</span>`;
  const divIcon = useMemo(() => htmlIcon(`vigil-marker--dot ${className}`, html, [30, 30], [15, 15]), [className, html]);
  const titled = useMarkerTitle(title);
  return (
    <Marker ref={titled} position={[position.lat, position.lon]} icon={divIcon} title={title} alt={title} zIndexOffset={zIndexOffset}>
      {tooltip ? (
        <Tooltip direction="top" offset={[0, -4]} permanent={permanentTooltip} className="vigil-map-tooltip">
          {tooltip}
        </Tooltip>
      ) : null}
    </Marker>
  );
}

/** A circle of `radius` metres around `center` (the alert radius around the victim). */
export function RadiusCircle({ center, radius }: { center: Coordinates; radius: number }) {
  return <Circle center={[center.lat, center.lon]} radius={radius} pathOptions={{ className: 'vigil-radius', color: '#dc2626', weight: 1.5, dashArray: '6 6', fillOpacity: 0.05 }} interactive={false} />;
}
