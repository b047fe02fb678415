import type L from 'leaflet';
import { useEffect, useRef } from 'react';

/**
 * A ref for a react-leaflet Marker whose title (its accessible name and hover text) follows
 * `title`: react-leaflet passes title and alt to Leaflet only when it creates the marker, so a
 * stack that went from 3 to 2, or a label in another language, kept its first name.
 */
export function useMarkerTitle(title: string) {
  const ref = useRef<L.Marker>(null);
  useEffect(() => {
    const marker = ref.current;
    if (!marker) return;
    // Read again by Leaflet whenever it redraws the icon (a new count is a new icon).
    marker.options.title = title;
    marker.options.alt = title;
    const element = marker.getElement();
    if (!element) return;
    element.title = title;
    if (element instanceof HTMLImageElement) element.alt = title;
  }, [title]);
  return ref;
}
