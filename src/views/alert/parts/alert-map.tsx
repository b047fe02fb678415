import { useCallback, useMemo } from 'react';
import type { Coordinates } from '../../../components/map/coordinates';
import { PinMarker, PointMarker, RadiusCircle } from '../../../components/map/markers';
import { StackedMarkers } from '../../../components/map/stacked-markers';
import { FitPoints, MapFocus, VigilMap } from '../../../components/map/vigil-map';
import { useIntl } from '../../../i18n/intl-provider';
import { basemapOf } from '../../../machines/extra-infos/extra-infos.selectors';
import { aedsOf, alertIdOf, type AedPoint, alertOf, alertRadiusOf, canPlace, initialMapOf, isBusy, phaseOf, placedRespondersOf, responderPhaseOf, victimOf } from '../../../machines/alert/alert.selectors';
import { ExtraInfosActor } from '../../app/actor-contexts';
import { AlertActor } from '../alert-actor';
import { markerLabelsOf } from './format';
import { statusClassOf } from './responder-status';

const samePoints = (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/** Responders and AEDs stack on the live map only at one place (one doorstep, one hall); others stay apart to be followed. */
const sameDoorstepMetres = 1;

type PlacedResponder = ReturnType<typeof placedRespondersOf>[number];
/** What the map places besides the victim: the AEDs around and the responders. */
type MapItem = { kind: 'aed'; aed: AedPoint } | { kind: 'responder'; card: PlacedResponder };
const keyOfItem = (item: MapItem) => (item.kind === 'aed' ? `aed-${item.aed.id}` : `responder-${item.card.id}`);
const positionOfItem = (item: MapItem) => (item.kind === 'aed' ? item.aed : { lat: item.card.alertInfo.lat, lon: item.card.alertInfo.lon });
const aedClassOf = (aed: AedPoint) => `aed-marker is-square ${aed.fetched ? 'is-fetched' : ''} ${aed.availableNow ? '' : 'is-unavailable'}`;
const responderClassOf = (card: PlacedResponder) => `responder-marker ${statusClassOf(card.status)} ${responderPhaseOf(card.status) === 'out' ? 'is-faded' : ''}`;

/**
 * The victim (draggable while the alert may move), the alert radius, the responders by status and
 * the AEDs around. Before launch a click on the map places the victim.
 */
export function AlertMap() {
  const { t } = useIntl();
  const alert = AlertActor.useActorRef();
  const basemap = ExtraInfosActor.useSelector(basemapOf);
  const initial = AlertActor.useSelector(initialMapOf, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const victim = AlertActor.useSelector(victimOf, (a, b) => a?.lat === b?.lat && a?.lon === b?.lon);
  const confirmed = AlertActor.useSelector(alertOf);
  const alertId = AlertActor.useSelector(alertIdOf);
  const radius = AlertActor.useSelector(alertRadiusOf);
  const mayPlace = AlertActor.useSelector(canPlace);
  const busy = AlertActor.useSelector(isBusy);
  const editing = AlertActor.useSelector((snapshot) => phaseOf(snapshot) === 'editing');
  const responders = AlertActor.useSelector(placedRespondersOf, samePoints);
  const aeds = AlertActor.useSelector(aedsOf, samePoints);

  const place = useCallback((point: Coordinates) => alert.send({ type: 'pin.move', ...point, source: 'drag' }), [alert]);
  const focusKey = confirmed && !confirmed.close ? `${confirmed.alertId}:${confirmed.lat}:${confirmed.lon}` : null;
  const labels = markerLabelsOf(responders);
  const items = useMemo<MapItem[]>(() => [...aeds.map((aed) => ({ kind: 'aed' as const, aed })), ...responders.map((card) => ({ kind: 'responder' as const, card }))], [aeds, responders]);
  const fitPoints = victim ? [victim, ...responders.map((card) => ({ lat: card.alertInfo.lat, lon: card.alertInfo.lon }))] : [];

  return (
    <div className="alert-map" data-testid="alert-map">
      <VigilMap center={initial.center} zoom={initial.zoom} basemap={basemap} label={t('alert.map.label')} onMapClick={editing && mayPlace ? place : undefined}>
        <MapFocus point={victim} focusKey={focusKey} />
        <FitPoints points={fitPoints} fitKey={responders.length > 0 ? alertId : null} />
        {victim ? <RadiusCircle center={victim} radius={radius} /> : null}
        <StackedMarkers
          items={items}
          keyOf={keyOfItem}
          positionOf={positionOfItem}
          renderSingle={(item) => (item.kind === 'aed' ? <AedMarker aed={item.aed} /> : <ResponderMarker card={item.card} label={labels.get(item.card.id)} />)}
          renderEntry={(item) => <StackEntry item={item} label={item.kind === 'responder' ? labels.get(item.card.id) : undefined} />}
          stackLabel={(count) => t('alert.map.stack', { count })}
          samePlaceMetres={sameDoorstepMetres}
        />
        {victim ? <PinMarker position={victim} draggable={mayPlace} onMove={place} title={t('alert.map.victim')} glyph="pi-heart-fill" className={busy ? 'is-busy' : ''} /> : null}
      </VigilMap>
      {!victim ? (
        <div className="alert-map__hint">
          <i className="pi pi-info-circle" aria-hidden /> {t('alert.map.place-hint')}
        </div>
      ) : null}
      <MapLegend />
    </div>
  );
}

function AedMarker({ aed }: { aed: AedPoint }) {
  const { t } = useIntl();
  return <PointMarker position={aed} icon="pi-bolt" className={aedClassOf(aed)} title={aed.name} tooltip={`${t('alert.map.aed')}: ${aed.name}${aed.availableNow ? '' : ` (${t('alert.map.aed-unavailable')})`}`} />;
}

function ResponderMarker({ card, label }: { card: PlacedResponder; label: string | undefined }) {
  const { t } = useIntl();
  return (
    <PointMarker
      position={{ lat: card.alertInfo.lat, lon: card.alertInfo.lon }}
      className={responderClassOf(card)}
      text={label}
      title={`${card.firstName} ${card.lastName}`}
      tooltip={`${card.firstName} ${card.lastName} · ${t(`responder.status.${card.status}`)}`}
      zIndexOffset={responderPhaseOf(card.status) === 'out' ? 0 : 500}
    />
  );
}

/** One line of a stack's list: the marker's badge, the name, what the responder is doing or whether the AED is available. */
function StackEntry({ item, label }: { item: MapItem; label: string | undefined }) {
  const { t } = useIntl();
  if (item.kind === 'aed') {
    return (
      <>
        <span className={`vigil-stack-entry__badge ${aedClassOf(item.aed)}`} aria-hidden>
          <i className="pi pi-bolt" />
        </span>
        <span>
          {t('alert.map.aed')}: {item.aed.name}
          {item.aed.availableNow ? '' : ` (${t('alert.map.aed-unavailable')})`}
        </span>
      </>
    );
  }
  return (
    <>
      <span className={`vigil-stack-entry__badge ${responderClassOf(item.card)}`} aria-hidden>
        {label}
      </span>
      <span>
        {item.card.firstName} {item.card.lastName} · {t(`responder.status.${item.card.status}`)}
      </span>
    </>
  );
}

const legend = [
  { className: 'status-available', key: 'responder.status.available' },
  { className: 'status-dispatched', key: 'responder.status.dispatched' },
  { className: 'status-onTheWayAed', key: 'responder.status.onTheWayAed' },
  { className: 'status-onTheWayVictim', key: 'responder.status.onTheWayVictim' },
  { className: 'status-onSiteVictim', key: 'responder.status.onSiteVictim' },
  { className: 'status-refused', key: 'alert.map.legend-out' },
];

function MapLegend() {
  const { t } = useIntl();
  return (
    <ul className="alert-map__legend" aria-label={t('alert.map.legend')}>
      <li>
        <span className="legend-pin" aria-hidden /> {t('alert.map.victim')}
      </li>
      <li>
        <span className="legend-aed" aria-hidden>
          <i className="pi pi-bolt" />
        </span>{' '}
        {t('alert.map.aed')}
      </li>
      {legend.map((item) => (
        <li key={item.key}>
          <span className={`legend-dot ${item.className}`} aria-hidden /> {t(item.key)}
        </li>
      ))}
    </ul>
  );
}
