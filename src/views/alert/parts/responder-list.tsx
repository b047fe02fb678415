import { Button } from 'primereact/button';
import type { ResponderCard } from '../../../../contract/alert.schemas';
import { metresBetween } from '../../../../contract/earth';
import { useIntl } from '../../../i18n/intl-provider';
import { canStart, canStop, isBusy, respondersOf } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';
import { formatDistance, formatDuration, markerLabelsOf } from './format';
import { ResponderStatusTag, statusClassOf } from './responder-status';

/** The engaged responders of the alert: status, distance, time left, AED, and stop / start when the chart allows it. */
export function ResponderList({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useIntl();
  const responders = AlertActor.useSelector(respondersOf);
  const labels = markerLabelsOf(responders);
  if (responders.length === 0) {
    return (
      <p className="responder-list__empty" data-testid="responder-list-empty">
        <i className="pi pi-hourglass" aria-hidden /> {t('alert.responders.none')}
      </p>
    );
  }
  return (
    <ul className="responder-list" aria-label={t('alert.responders.title')} data-testid="responder-list">
      {responders.map((card) => (
        <ResponderRow key={card.id} card={card} label={labels.get(card.id) ?? ''} readOnly={readOnly} />
      ))}
    </ul>
  );
}

function ResponderRow({ card, label, readOnly }: { card: ResponderCard; label: string; readOnly: boolean }) {
  const { t, locale } = useIntl();
  const alert = AlertActor.useActorRef();
  const mayStop = AlertActor.useSelector((snapshot) => !readOnly && canStop(snapshot, card.id));
  const mayStart = AlertActor.useSelector((snapshot) => !readOnly && canStart(snapshot, card.id));
  const busy = AlertActor.useSelector(isBusy);
  const name = `${card.firstName} ${card.lastName}`.trim();
  const aed = card.alertInfo.aed;
  // How far the responder still is from the AED they fetch (from their last reported position).
  const toAed = aed && card.alertInfo.lat !== null && card.alertInfo.lon !== null ? metresBetween({ lat: card.alertInfo.lat, lon: card.alertInfo.lon }, aed) : null;
  return (
    <li className={`responder-row ${statusClassOf(card.status)}`} data-testid="responder-row" data-responder-id={card.id} data-status={card.status}>
      <div className="responder-row__main">
        <div className="responder-row__name">
          <span className={`responder-row__badge ${statusClassOf(card.status)}`} title={t('alert.responders.marker')} data-testid="responder-marker-label">
            {label}
          </span>
          <span className="responder-row__person">{name}</span>
          <span className="responder-row__id">#{card.citizenResponderId}</span>
        </div>
        <ResponderStatusTag status={card.status} />
      </div>
      <div className="responder-row__facts">
        <span title={t('alert.responders.distance')}>
          <i className="pi pi-directions" aria-hidden /> {formatDistance(card.distance, locale)}
        </span>
        <span title={t('alert.responders.duration')}>
          <i className="pi pi-stopwatch" aria-hidden /> {formatDuration(card.duration)}
        </span>
        <span>{t(`responder.trained.${card.trainedStatus}`)}</span>
        {card.aed ? (
          <span className="responder-row__aed" title={t('alert.responders.carries-aed')}>
            <i className="pi pi-bolt" aria-hidden /> {t('alert.responders.carries-aed')}
          </span>
        ) : null}
        {aed ? (
          <span className="responder-row__aed" title={aed.address}>
            <i className="pi pi-bolt" aria-hidden /> {t('alert.responders.fetches-aed', { name: aed.name })}
            {card.status === 'onTheWayAed' && toAed !== null ? (
              <strong className="responder-row__to-aed" data-testid="distance-to-aed">
                {' '}
                · {t('alert.responders.to-aed', { distance: formatDistance(toAed, locale) })}
              </strong>
            ) : null}
          </span>
        ) : null}
      </div>
      {mayStop || mayStart ? (
        <div className="responder-row__actions">
          {mayStop ? (
            <Button type="button" size="small" icon="pi pi-stop-circle" label={t('alert.responders.stop')} severity="danger" outlined disabled={busy} data-testid="stop-responder" onClick={() => alert.send({ type: 'responder.stop', id: card.id })} />
          ) : (
            <Button type="button" size="small" icon="pi pi-play-circle" label={t('alert.responders.start')} severity="success" outlined disabled={busy} data-testid="start-responder" onClick={() => alert.send({ type: 'responder.start', id: card.id })} />
          )}
        </div>
      ) : null}
    </li>
  );
}
