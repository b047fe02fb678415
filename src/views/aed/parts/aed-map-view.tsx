import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { AedMap, type MapViewport } from '../../../components/map/aed-map';
import { useIntl } from '../../../i18n/intl-provider';
import { basemapOf } from '../../../machines/extra-infos/extra-infos.selectors';
import { isAedLoading, mapFitOf, mapOf } from '../../../machines/aed-list/aed-list.selectors';
import { ExtraInfosActor } from '../../app/actor-contexts';
import { AedListActor } from '../aed-list-actor';

/** Where the map opens (spec §9: about 45.75, 3.08, zoom 11). */
const initialView = { center: { lat: 45.75, lon: 3.08 }, zoom: 11 };

/** The map view of the list: the server clusters the AEDs of the viewport; a click on an AED opens its form. */
export function AedMapView() {
  const { t, locale } = useIntl();
  const list = AedListActor.useActorRef();
  const navigate = useNavigate();
  const basemap = ExtraInfosActor.useSelector(basemapOf);
  const map = AedListActor.useSelector(mapOf);
  const loading = AedListActor.useSelector(isAedLoading);
  const fit = AedListActor.useSelector(mapFitOf);
  // Reopen where the map was last left (the machine keeps the viewport across view changes).
  const start = useMemo(() => {
    const known = list.getSnapshot().context.viewport;
    if (!known) return initialView;
    return { center: { lat: (known.bbox.north + known.bbox.south) / 2, lon: (known.bbox.east + known.bbox.west) / 2 }, zoom: known.zoom };
  }, [list]);
  const onViewport = useCallback(
    (viewport: MapViewport) => {
      const known = list.getSnapshot().context.viewport;
      if (known && JSON.stringify(known) === JSON.stringify(viewport) && list.getSnapshot().matches({ showing: { data: 'map' } }) && !list.getSnapshot().matches({ showing: { data: { map: 'awaitingViewport' } } })) return;
      list.send({ type: 'map.viewport', viewport });
    },
    [list],
  );
  const number = new Intl.NumberFormat(locale.replace('_', '-'));
  return (
    <div className="aed-map-view">
      <AedMap
        center={start.center}
        zoom={start.zoom}
        basemap={basemap}
        label={t('aed.map.label')}
        clusters={map?.clusters ?? []}
        points={map?.points ?? []}
        locale={locale.replace('_', '-')}
        loading={loading}
        fit={fit}
        clusterLabel={(count) => t('aed.map.cluster', { count: number.format(count) })}
        stackLabel={(count) => t('aed.map.stack', { count })}
        statusLabel={(status) => t(`aed.status.${status}`)}
        onViewport={onViewport}
        onOpen={(udid) => navigate(`/aed/form/update/${udid}`)}
      />
      <div className="aed-map-view__legend" aria-live="polite" data-testid="aed-map-total">
        <strong>{number.format(map?.total ?? 0)}</strong> {t('aed.map.in-view')}
        {map?.mode === 'clusters' ? <span className="text-600"> · {t('aed.map.zoom-hint')}</span> : null}
      </div>
    </div>
  );
}
