import L, { type PathOptions } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { GeoJSON, Marker, Pane, useMap, useMapEvents } from 'react-leaflet';
import type { CommuneLabel } from '../../../contract/tiles.schemas';
import { getCommunes, getOutlines } from '../../services/tiles.api';

export interface OutlineLayerProps {
  outlinesUrl: string;
  communesUrl: string;
}

/** Sources of the outlines, as their licences ask. */
const outlineAttribution = 'Natural Earth, GeoNames, INSEE';

const styleOf = (feature?: GeoJSON.Feature): PathOptions =>
  feature?.properties?.kind === 'country'
    ? { color: '#475569', weight: 1.5, fillColor: '#f7f5ef', fillOpacity: 1 }
    : { color: '#94a3b8', weight: 1, dashArray: '4 3', fill: false };

/** How many commune names a zoom level has room for (the server sends the most populated first). */
const communesAt = (zoom: number) => (zoom < 9 ? 0 : zoom < 10 ? 12 : zoom < 11 ? 25 : zoom < 12 ? 60 : zoom < 13 ? 150 : 400);

/**
 * What the map shows when no street map answers: land, country borders and départements, and the
 * commune names at their centres from zoom 9 — true, if coarse, so the dispatcher still sees where
 * the pin is. Drawn beneath the street tiles, so it also fills what a regional archive leaves out.
 */
export function OutlineLayer({ outlinesUrl, communesUrl }: OutlineLayerProps) {
  const [areas, setAreas] = useState<GeoJSON.FeatureCollection | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void getOutlines(outlinesUrl, controller.signal).then((result) => result.ok && setAreas(result.data));
    return () => controller.abort();
  }, [outlinesUrl]);
  return (
    <>
      <Pane name="vigil-outlines" style={{ zIndex: 150 }}>
        {areas ? <GeoJSON data={areas} style={styleOf} interactive={false} attribution={outlineAttribution} /> : null}
      </Pane>
      <Pane name="vigil-outline-labels" style={{ zIndex: 160, pointerEvents: 'none' }}>
        <CommuneNames communesUrl={communesUrl} />
      </Pane>
    </>
  );
}

function CommuneNames({ communesUrl }: { communesUrl: string }) {
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  const [communes, setCommunes] = useState<CommuneLabel[]>([]);
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  const room = communesAt(view.zoom);
  useEffect(() => {
    if (room === 0) return setCommunes([]);
    const controller = new AbortController();
    const box = { west: Math.max(-180, view.bounds.getWest()), south: Math.max(-90, view.bounds.getSouth()), east: Math.min(180, view.bounds.getEast()), north: Math.min(90, view.bounds.getNorth()) };
    void getCommunes(communesUrl, box, controller.signal).then((result) => result.ok && setCommunes(result.data.slice(0, room)));
    return () => controller.abort();
  }, [communesUrl, view, room]);
  return (
    <>
      {communes.map((commune) => (
        <CommuneName key={commune.code} commune={commune} />
      ))}
    </>
  );
}

function CommuneName({ commune }: { commune: CommuneLabel }) {
  const icon = useMemo(() => {
    const label = document.createElement('span');
    label.textContent = commune.name;
    return L.divIcon({ className: 'vigil-commune-name', html: label, iconSize: undefined });
  }, [commune.name]);
  return <Marker position={[commune.lat, commune.lon]} icon={icon} interactive={false} keyboard={false} pane="vigil-outline-labels" />;
}
