import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useIntl } from '../../../i18n/intl-provider';
import { formatDateTime } from '../../../i18n/dates';
import { addressOf, autoCloseMinutesOf, closureOf } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';
import { DetailsSection } from './details-section';
import { EscalationSteps } from './escalation-steps';
import { ResponderList } from './responder-list';

/** After the end: who closed it and when (the system after its configured delay, the user, someone else), where, the details, the final list, a new intervention. */
export function ClosedPanel() {
  const { t, locale } = useIntl();
  const alert = AlertActor.useActorRef();
  const closure = AlertActor.useSelector(closureOf);
  const address = AlertActor.useSelector(addressOf);
  const minutes = AlertActor.useSelector(autoCloseMinutesOf);
  const when = closure?.at ? formatDateTime(closure.at, locale) : '';
  const text = !closure
    ? t('alert.closed.title')
    : closure.reason === 'auto'
      ? t('alert.closed.by-system', { when, minutes })
      : closure.byMe
        ? t('alert.closed.by-me', { when })
        : t('alert.closed.by-other', { name: closure.by ?? '?', when });
  return (
    <>
      <Message severity={closure?.reason === 'auto' ? 'warn' : 'info'} className="w-full justify-content-start" text={text} data-testid="closed-message" />
      <Button type="button" icon="pi pi-plus" label={t('alert.new')} className="w-full" data-testid="new-intervention" onClick={() => alert.send({ type: 'alert.new' })} />
      {closure ? <p className="alert-closed__address" data-testid="closed-address"><i className="pi pi-map-marker" aria-hidden /> {address}</p> : null}
      <DetailsSection readOnly />
      <EscalationSteps />
      <section className="alert-section alert-section--grow">
        <h2 className="alert-section__title">
          <i className="pi pi-users" aria-hidden /> {t('alert.responders.final')}
        </h2>
        <ResponderList readOnly />
      </section>
    </>
  );
}
