import { Button } from 'primereact/button';
import { formatDateTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { formOf, formPhaseOf, isRestoredDraft } from '../../../machines/citizen-form/citizen-form.selectors';
import { AlertTypeIcon } from '../../alert/parts/alert-type-icon';
import { formatDistance } from '../../alert/parts/format';
import { ContactStatusTag } from '../../history/parts/contact-status-tag';
import { CitizenFormActor } from '../citizen-form-actor';

/** Who is called about which alert, and where the call-back stands. */
export function FormHeader() {
  const { t, locale } = useIntl();
  const form = CitizenFormActor.useSelector(formOf);
  const restored = CitizenFormActor.useSelector(isRestoredDraft);
  const phase = CitizenFormActor.useSelector(formPhaseOf);
  const sendError = CitizenFormActor.useSelector((snapshot) => snapshot.context.sendError);
  const actor = CitizenFormActor.useActorRef();
  if (!form) return null;
  const { alert, responder } = form;
  return (
    <header className="form-header surface-card border-round-xl shadow-1">
      <div className="form-header__person">
        <span className="form-header__avatar" aria-hidden>
          {`${responder.firstName.charAt(0)}${responder.lastName.charAt(0)}`}
        </span>
        <div>
          <div className="text-xl font-semibold text-900">
            {responder.firstName} {responder.lastName}
          </div>
          <div className="flex flex-wrap gap-3 text-700 mt-1">
            <a href={`tel:${responder.phone}`} className="form-header__phone">
              <i className="pi pi-phone" aria-hidden /> {responder.phone}
            </a>
            <span>
              <i className="pi pi-envelope" aria-hidden /> {responder.email}
            </span>
          </div>
          <div className="flex flex-wrap gap-3 text-600 text-sm mt-1">
            <span>{t(`indicator.trained.${responder.trainedStatus}`)}</span>
            {responder.skill ? <span>{responder.skill}</span> : null}
            <span>{t('interview.header.interventions', { count: responder.nbInterventions })}</span>
          </div>
        </div>
      </div>
      <div className="form-header__alert">
        <div className="flex align-items-center gap-2 font-semibold text-900">
          <AlertTypeIcon alertType={alert.alertType} />
          {t(`alert.type.${alert.alertType}`)} · {t('history.alert-number', { id: alert.alertId })}
        </div>
        <div className="text-700">{alert.address}</div>
        <div className="text-600 text-sm">
          {alert.launchedAt ? formatDateTime(alert.launchedAt, locale) : ''} · {alert.siteName}
        </div>
        <div className="text-600 text-sm">
          {t(`responder.status.${responder.status}`)} · {formatDistance(responder.distance, locale)}
        </div>
      </div>
      <div className="form-header__status">
        <ContactStatusTag status={form.contactStatus} />
        {form.recallAt ? <span className="text-sm text-700">{t('interview.history.recall-at', { date: formatDateTime(form.recallAt, locale) })}</span> : null}
        {form.completedAt ? <span className="text-sm text-600">{t('interview.header.completed', { date: formatDateTime(form.completedAt, locale) })}</span> : null}
      </div>
      {restored && phase === 'editing' ? (
        <div className="form-banner form-banner--info" role="status">
          <i className="pi pi-save" aria-hidden /> {t('citizenForm.draft.restored')}
        </div>
      ) : null}
      {phase === 'sendFailed' ? (
        <div className="form-banner form-banner--warn" role="alert">
          <i className="pi pi-wifi" aria-hidden /> {t('error.callback.send-failed')}
          <Button type="button" size="small" label={t('citizenForm.send.retry')} icon="pi pi-send" onClick={() => actor.send({ type: 'form.retry' })} />
        </div>
      ) : null}
      {phase === 'editing' && sendError ? (
        <div className="form-banner form-banner--error" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden /> {t(sendError)}
        </div>
      ) : null}
    </header>
  );
}
