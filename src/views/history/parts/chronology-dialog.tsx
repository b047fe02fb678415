import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Timeline } from 'primereact/timeline';
import type { ChronologyEntry } from '../../../../contract/history.schemas';
import { formatDateTime, formatTimeWithSeconds } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { chronologyErrorOf, chronologyOf, isChronologyLoading, isChronologyOpen } from '../../../machines/history/history.selectors';
import { AlertTypeIcon } from '../../alert/parts/alert-type-icon';
import { formatDistance, formatDuration } from '../../alert/parts/format';
import { HistoryActor } from '../history-actor';

const icons: Record<ChronologyEntry['kind'], string> = {
  created: 'pi-plus',
  setUp: 'pi-map-marker',
  launched: 'pi-megaphone',
  offer: 'pi-mobile',
  answer: 'pi-reply',
  progress: 'pi-directions-alt',
  addressChanged: 'pi-arrows-alt',
  detailsChanged: 'pi-pencil',
  escalated: 'pi-expand',
  responderStopped: 'pi-stop-circle',
  responderStarted: 'pi-play',
  closed: 'pi-flag-fill',
  autoClosed: 'pi-stopwatch',
  call: 'pi-phone',
};

/** The sentence of one line of the chronology. */
function useLine(launchedAt: string | null) {
  const { t, locale } = useIntl();
  return (entry: ChronologyEntry) => {
    const actor = entry.actor.name ?? t(entry.actor.type === 'system' ? 'history.chronology.system' : 'history.chronology.someone');
    const responder = entry.responder?.name ?? '';
    const details = entry.details as Record<string, unknown>;
    switch (entry.kind) {
      case 'created':
        return t('history.chronology.created', { actor, address: String(details.address ?? '') });
      case 'setUp':
        return t('history.chronology.setUp', { actor, count: Number(details.nbPotentialBS ?? 0) });
      case 'launched':
        return t('history.chronology.launched', { actor, count: Number(details.nbRequests ?? 0) });
      case 'offer':
        return t(details.mission === 'aed' ? 'history.chronology.offer-aed' : 'history.chronology.offer', { responder, distance: formatDistance(Number(details.distance ?? 0), locale), aed: String(details.aedName ?? '') });
      case 'answer':
        return t(`history.chronology.answer.${entry.status}`, { responder });
      case 'progress':
        return t('history.chronology.progress', { responder, status: t(`responder.status.${entry.status}`) });
      case 'addressChanged': {
        const to = (details.to ?? {}) as { address?: string };
        return t('history.chronology.addressChanged', { actor, address: to.address ?? '', distance: formatDistance(Number(details.movedKm ?? 0) * 1000, locale) });
      }
      case 'detailsChanged':
        return t('history.chronology.detailsChanged', { actor, details: String((details.to as string | undefined) ?? '') });
      case 'escalated':
        return t('history.chronology.escalated', { step: Number(details.step ?? 0), radius: formatDistance(Number(details.toKm ?? 0) * 1000, locale), count: Number(details.nbRequests ?? 0) });
      case 'responderStopped':
        return t('history.chronology.responderStopped', { actor, responder });
      case 'responderStarted':
        return t('history.chronology.responderStarted', { actor, responder });
      case 'closed':
        return t('history.chronology.closed', { actor });
      case 'autoClosed':
        return t('history.chronology.autoClosed', { minutes: launchedAt ? Math.round((Date.parse(entry.at) - Date.parse(launchedAt)) / 60_000) : '' });
      case 'call':
        return t('history.chronology.call', { actor, responder, outcome: t(`callback.status.${entry.status}`) });
    }
  };
}

/** The chronology modal: the alert's timeline from its event log (spec §2). */
export function ChronologyDialog() {
  const { t, locale } = useIntl();
  const history = HistoryActor.useActorRef();
  const open = HistoryActor.useSelector(isChronologyOpen);
  const loading = HistoryActor.useSelector(isChronologyLoading);
  const chronology = HistoryActor.useSelector(chronologyOf);
  const error = HistoryActor.useSelector(chronologyErrorOf);
  const alertId = HistoryActor.useSelector((snapshot) => snapshot.context.openModal);
  const alert = chronology?.alert;
  const line = useLine(alert?.date ?? null);

  return (
    <Dialog
      header={t('history.chronology.title', { id: alertId ?? '' })}
      visible={open}
      onHide={() => history.send({ type: 'chronology.close' })}
      style={{ width: 'min(54rem, 94vw)' }}
      className="chronology-dialog"
      dismissableMask
      data-testid="chronology-dialog"
    >
      {loading ? (
        <p className="text-600">
          <i className="pi pi-spin pi-spinner mr-2" aria-hidden />
          {t('history.chronology.loading')}
        </p>
      ) : null}
      {error ? (
        <div className="history-error" role="alert">
          {t(error)} <Button type="button" link label={t('history.retry')} onClick={() => history.send({ type: 'chronology.retry' })} />
        </div>
      ) : null}
      {alert && !loading ? (
        <>
          <div className="chronology-summary">
            <span className={`history-type type-${alert.alertType}`}>
              <AlertTypeIcon alertType={alert.alertType} />
              {t(`alert.type.${alert.alertType}`)}
            </span>
            <span>{alert.address}</span>
            <span className="text-600">{alert.date ? formatDateTime(alert.date, locale) : ''}</span>
            <span className="text-600">{alert.durationSeconds === null ? t('history.in-progress') : t('history.chronology.duration', { duration: formatDuration(alert.durationSeconds) })}</span>
          </div>
          <Timeline
            value={chronology.entries}
            className="chronology"
            marker={(entry: ChronologyEntry) => (
              <span className={`chronology__marker kind-${entry.kind} status-${entry.status ?? 'none'}`}>
                <i className={`pi ${icons[entry.kind]}`} aria-hidden />
              </span>
            )}
            opposite={(entry: ChronologyEntry) => <time dateTime={entry.at}>{formatTimeWithSeconds(entry.at)}</time>}
            content={(entry: ChronologyEntry) => (
              <div className="chronology__line" data-kind={entry.kind}>
                {line(entry)}
                {entry.kind === 'call' && entry.details.recallAt ? <span className="text-600"> — {t('history.chronology.recall-at', { date: formatDateTime(String(entry.details.recallAt), locale) })}</span> : null}
                {entry.kind === 'call' && entry.details.note ? <div className="text-600 text-sm">« {String(entry.details.note)} »</div> : null}
              </div>
            )}
          />
        </>
      ) : null}
    </Dialog>
  );
}
