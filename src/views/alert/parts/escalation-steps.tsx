import { formatTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { escalationsOf } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';
import { formatDistance } from './format';

/** The automatic escalation's steps (too few accepted in time: a wider radius, more responders alerted); nothing when there were none. */
export function EscalationSteps() {
  const { t, locale } = useIntl();
  const steps = AlertActor.useSelector(escalationsOf);
  if (steps.length === 0) return null;
  return (
    <section className="alert-section alert-escalation" aria-labelledby="alert-escalation-title" data-testid="escalation-steps">
      <h2 id="alert-escalation-title" className="alert-section__title">
        <i className="pi pi-expand" aria-hidden /> {t('alert.escalation.title')}
      </h2>
      <ol className="alert-escalation__steps">
        {steps.map((step) => (
          <li key={step.step} data-testid="escalation-step" data-radius-km={step.radiusKm}>
            {t('alert.escalation.step', { time: formatTime(Date.parse(step.at)), radius: formatDistance(step.radiusKm * 1000, locale), count: step.nbRequests })}
          </li>
        ))}
      </ol>
    </section>
  );
}
