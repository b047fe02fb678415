import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { formOf } from '../../../machines/citizen-form/citizen-form.selectors';
import { ContactStatusTag } from '../../history/parts/contact-status-tag';
import { formPath } from '../../history/parts/history-table';
import { CitizenFormActor } from '../citizen-form-actor';

/** History: the calls already made about this alert, and the responder's earlier interventions. */
export function HistorySection() {
  const { t, locale } = useIntl();
  const form = CitizenFormActor.useSelector(formOf);
  if (!form) return null;
  return (
    <section className="form-section surface-card border-round-xl shadow-1" aria-labelledby="section-history">
      <h2 id="section-history">
        <i className="pi pi-history" aria-hidden /> {t('interview.section.history')}
      </h2>
      <h3 className="form-subtitle">{t('interview.history.calls')}</h3>
      {form.calls.length === 0 ? (
        <p className="text-600 m-0">{t('interview.history.no-call')}</p>
      ) : (
        <ol className="call-list">
          {form.calls.map((call) => (
            <li key={`${call.at}-${call.outcome}`}>
              <ContactStatusTag status={call.outcome} />
              <span className="text-800">{formatDateTime(call.at, locale)}</span>
              {call.by ? <span className="text-600">{t('interview.history.by', { name: `${call.by.firstName} ${call.by.lastName}` })}</span> : null}
              {call.recallAt ? <span className="text-600">{t('interview.history.recall-at', { date: formatDateTime(call.recallAt, locale) })}</span> : null}
              {call.note ? <span className="call-list__note">« {call.note} »</span> : null}
            </li>
          ))}
        </ol>
      )}
      <h3 className="form-subtitle">{t('interview.history.earlier')}</h3>
      {form.earlier.length === 0 ? (
        <p className="text-600 m-0">{t('interview.history.no-earlier')}</p>
      ) : (
        <ul className="earlier-list">
          {form.earlier.map((item) => (
            <li key={item.requestId}>
              <span>{formatDateTime(item.date, locale)}</span>
              <span>{t(`alert.type.${item.alertType}`)}</span>
              <span className="text-600">{t(`responder.status.${item.status}`)}</span>
              <ContactStatusTag status={item.contactStatus} />
              {item.contactStatus !== 'alertInProgress' ? <Link to={formPath(item.requestId)}>{t('interview.history.open-form')}</Link> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
