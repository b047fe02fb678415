import L from 'leaflet';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import type { Coordinates } from './coordinates';
import { useMarkerTitle } from './marker-title';
import { keepStackKeys, stackNearby, type Stack } from './stacks';

export interface StackedMarkersProps<T> {
  items: readonly T[];
  /** Stable per item (keep these three functions stable: they key the grouping). */
  keyOf: (item: T) => string;
  positionOf: (item: T) => Coordinates;
  /** The marker of an item alone at its place. */
  renderSingle: (item: T) => ReactNode;
  /** One line of a stack's list. */
  renderEntry: (item: T) => ReactNode;
  /** Accessible name and heading of a stack ("3 here: choose one"). */
  stackLabel: (count: number) => string;
  /** Extra class of the stack markers (their colour). */
  className?: string;
  /**
   * When set, only items this close on the ground (metres) stack, whatever the zoom: the live
   * alert map keeps every moving responder in view and stacks only those at one place.
   */
  samePlaceMetres?: number;
}

/**
 * Markers that would hide each other at the current zoom (several responders on one doorstep, two
 * AEDs in one hall) are drawn as one marker with their count; a click, or Enter, opens the list of
 * what stands there. Regrouped after every zoom, so zooming in splits a stack that can be split.
 */
export function StackedMarkers<T>({ items, keyOf, positionOf, renderSingle, renderEntry, stackLabel, className = '', samePlaceMetres }: StackedMarkersProps<T>) {
  const map = useMap();
  // The zoom is read at each render: a zoom set before this layer listened (a fit at mount) is
  // not missed; the listener only asks for a render after each later zoom.
  const [, setZoomsSeen] = useState(0);
  useMapEvents({ zoomend: () => setZoomsSeen((count) => count + 1) });
  const zoom = map.getZoom();
  // The stacks drawn last: a stack keeps its marker, and its open list, while any member stays.
  const drawn = useRef<Stack<T>[]>([]);
  const stacks = useMemo(() => {
    const samePlace = samePlaceMetres === undefined ? undefined : (a: Coordinates, b: Coordinates) => map.distance([a.lat, a.lon], [b.lat, b.lon]) <= samePlaceMetres;
    return keepStackKeys(stackNearby(items, keyOf, positionOf, (point) => map.project([point.lat, point.lon], zoom), undefined, samePlace), drawn.current, keyOf);
  }, [items, keyOf, positionOf, map, zoom, samePlaceMetres]);
  useEffect(() => {
    drawn.current = stacks;
  }, [stacks]);
  return (
    <>
      {stacks.map((stack) =>
        stack.members.length === 1 ? (
          <Fragment key={`one-${stack.key}`}>{renderSingle(stack.members[0]!)}</Fragment>
        ) : (
          <StackMarker key={`stack-${stack.key}`} stack={stack} label={stackLabel(stack.members.length)} keyOf={keyOf} renderEntry={renderEntry} className={className} />
        ),
      )}
    </>
  );
}

function StackMarker<T>({ stack, label, keyOf, renderEntry, className }: { stack: Stack<T>; label: string; keyOf: (item: T) => string; renderEntry: (item: T) => ReactNode; className: string }) {
  const count = stack.members.length;
  const icon = useMemo(() => L.divIcon({ className: `vigil-marker vigil-stack ${className}`, html: `<span class="vigil-stack__count">${count}</span>`, iconSize: [34, 34], iconAnchor: [17, 17] }), [count, className]);
  const titled = useMarkerTitle(label);
  return (
    <Marker ref={titled} position={[stack.position.lat, stack.position.lon]} icon={icon} title={label} alt={label} keyboard zIndexOffset={800}>
      <Popup className="vigil-stack-popup" minWidth={220}>
        <p className="vigil-stack-popup__title">{label}</p>
        <ul className="vigil-stack-popup__list" data-testid="map-stack-list">
          {stack.members.map((member) => (
            <li key={keyOf(member)}>{renderEntry(member)}</li>
          ))}
        </ul>
      </Popup>
    </Marker>
  );
}
