import { Button } from 'primereact/button';
import { useIntl } from '../../../i18n/intl-provider';
import { canRequestClose, responderCountsOf, type ResponderPhase } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';
import { DetailsSection } from './details-section';
import { EscalationSteps } from './escalation-steps';
import { ResponderList } from './responder-list';

const summary: Array<{ phase: ResponderPhase; key: string }> = [
  { phase: 'arrived', key: 'alert.responders.arrived' },
  { phase: 'going', key: 'alert.responders.going' },
  { phase: 'pending', key: 'alert.responders.pending' },
  { phase: 'standBy', key: 'alert.responders.stand-by' },
  { phase: 'out', key: 'alert.responders.out' },
];

/** Once launched: who is coming (counts by phase, then each responder) and the end of the intervention. */
export function LivePanel() {
  const { t } = useIntl();
  const alert = AlertActor.useActorRef();
  const counts = AlertActor.useSelector(responderCountsOf, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const mayClose = AlertActor.useSelector(canRequestClose);
  return (
    <>
      <DetailsSection />
      <EscalationSteps />
      <section className="alert-section alert-section--grow" aria-labelledby="alert-responders-title">
        <h2 id="alert-responders-title" className="alert-section__title">
          <i className="pi pi-users" aria-hidden /> {t('alert.responders.title')} <span className="alert-section__count">{counts.total}</span>
        </h2>
        <div className="responder-summary" data-testid="responder-summary">
          {summary.map(({ phase, key }) => (
            <div key={phase} className={`responder-summary__item phase-${phase}`}>
              <span className="responder-summary__value">{counts[phase]}</span>
              <span className="responder-summary__label">{t(key)}</span>
            </div>
          ))}
        </div>
        <ResponderList />
      </section>
      <div className="alert-end">
        <Button type="button" icon="pi pi-power-off" label={t('alert.close.button')} severity="secondary" className="w-full" disabled={!mayClose} data-testid="end-intervention" onClick={() => alert.send({ type: 'alert.requestClose' })} />
      </div>
    </>
  );
}
