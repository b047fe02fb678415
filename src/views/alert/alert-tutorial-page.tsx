import './alert.css';
import './ongoing-alerts.css';
import './alert-tutorial.css';
import { Button } from 'primereact/button';
import { Timeline } from 'primereact/timeline';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { screens } from '../../../contract/access';
import { useIntl } from '../../i18n/intl-provider';
import { TutorialIllustration, tutorialSteps, type TutorialStep } from './parts/tutorial-illustration';

/** The alert launch tutorial (spec §2): its 10 steps, each with a short illustrated explanation. */
export default function AlertTutorialPage() {
  const { t } = useIntl();
  const [index, setIndex] = useState(0);
  const step = tutorialSteps[index]!;
  const last = index === tutorialSteps.length - 1;
  return (
    <div className="tutorial" data-testid="alert-tutorial">
      <nav className="tutorial__steps" aria-label={t('tutorial.steps')}>
        <Timeline
          value={tutorialSteps.map((name, position) => ({ name, position }))}
          marker={(item: { position: number }) => (
            <span className={`tutorial__marker ${item.position === index ? 'is-current' : ''} ${item.position < index ? 'is-done' : ''}`} aria-hidden>
              {item.position < index ? <i className="pi pi-check" /> : item.position + 1}
            </span>
          )}
          content={(item: { name: TutorialStep; position: number }) => (
            <button type="button" className={`tutorial__link ${item.position === index ? 'is-current' : ''}`} aria-current={item.position === index ? 'step' : undefined} onClick={() => setIndex(item.position)}>
              {t(`tutorial.${item.name}.title`)}
            </button>
          )}
        />
      </nav>
      <article className="tutorial__card" aria-live="polite">
        <div className="tutorial__progress">{t('tutorial.progress', { step: index + 1, total: tutorialSteps.length })}</div>
        <h2 className="tutorial__title">{t(`tutorial.${step}.title`)}</h2>
        <div className="tutorial__illustration" aria-hidden>
          <TutorialIllustration step={step} />
        </div>
        <p className="tutorial__text">{t(`tutorial.${step}.text`)}</p>
        <div className="tutorial__nav">
          <Button type="button" icon="pi pi-arrow-left" label={t('tutorial.previous')} text disabled={index === 0} onClick={() => setIndex(index - 1)} />
          {last ? (
            <Link to={screens.alertCall.path} className="p-button p-component tutorial__go">
              <i className="pi pi-send mr-2" aria-hidden />
              {t('tutorial.start')}
            </Link>
          ) : (
            <Button type="button" icon="pi pi-arrow-right" iconPos="right" label={t('tutorial.next')} onClick={() => setIndex(index + 1)} data-testid="tutorial-next" />
          )}
        </div>
      </article>
    </div>
  );
}
