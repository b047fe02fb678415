import { useEffect, useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import type { Basemap } from '../../../contract/tiles.schemas';
import { ArchiveLayer } from './archive-layer';
import { OnlineLayer } from './online-layer';
import { OutlineLayer } from './outline-layer';

/** The basemap when the server did not say (extra information not loaded): the outlines it always serves. */
export const outlinesOnly: Basemap = { archive: null, tileUrl: null, attribution: '', maxZoom: 19, outlinesUrl: '/tiles/outlines.json', communesUrl: '/tiles/communes.json' };

export interface BasemapLayersProps {
  basemap: Basemap;
  lang: string;
  /** Whether the map now shows a street map; false shows the "street map unavailable" notice. */
  onStreetMap: (shown: boolean) => void;
}

/**
 * The layers under the markers, best first: the offline archive, else the online street tiles, the
 * next one taking over when one does not answer; the outlines beneath the archive (for what a
 * regional extract leaves out) and in place of a street map that does not answer. The notice is due
 * when no street layer is left, or when the view lies outside the archive's bounds.
 */
export function BasemapLayers({ basemap, lang, onStreetMap }: BasemapLayersProps) {
  const [archiveFailed, setArchiveFailed] = useState(false);
  const [onlineFailed, setOnlineFailed] = useState(false);
  const archive = basemap.archive && !archiveFailed ? basemap.archive : null;
  const online = !archive && basemap.tileUrl && !onlineFailed ? basemap.tileUrl : null;
  const inArchive = useInsideBounds(archive?.bounds ?? null);
  const streetMap = online !== null || (archive !== null && inArchive);
  useEffect(() => onStreetMap(streetMap), [streetMap]);
  return (
    <>
      {online ? null : <OutlineLayer outlinesUrl={basemap.outlinesUrl} communesUrl={basemap.communesUrl} />}
      {archive ? <ArchiveLayer archive={archive} lang={lang} onUnavailable={() => setArchiveFailed(true)} /> : null}
      {online ? <OnlineLayer url={online} attribution={basemap.attribution} maxZoom={basemap.maxZoom} onUnavailable={() => setOnlineFailed(true)} /> : null}
    </>
  );
}

/** Whether the map's view overlaps `bounds` (west, south, east, north); true when there are none. */
function useInsideBounds(bounds: [number, number, number, number] | null): boolean {
  const map = useMap();
  const overlaps = () => {
    if (!bounds) return true;
    const view = map.getBounds();
    const [west, south, east, north] = bounds;
    return view.getWest() <= east && view.getEast() >= west && view.getSouth() <= north && view.getNorth() >= south;
  };
  const [inside, setInside] = useState(overlaps);
  useMapEvents({ moveend: () => setInside(overlaps()) });
  useEffect(() => setInside(overlaps()), [bounds?.join(',')]);
  return inside;
}
