import { useIntl } from '../../../i18n/intl-provider';
import { AlertTypeIcon } from './alert-type-icon';
import { ResponderStatusTag } from './responder-status';

/** The 10 steps of spec §2, in order. */
export const tutorialSteps = ['location', 'map', 'preview', 'type', 'details', 'trigger', 'responders', 'edit', 'end', 'ongoing'] as const;
export type TutorialStep = (typeof tutorialSteps)[number];

/** A small picture of each step, drawn with the screen's own pieces so it looks like what the dispatcher will see. */
export function TutorialIllustration({ step }: { step: TutorialStep }) {
  const { t } = useIntl();
  switch (step) {
    case 'location':
      return (
        <div className="tutorial-mock">
          <div className="tutorial-mock__input">
            <i className="pi pi-map-marker" /> 1 place de Jaude, Clermont-Ferrand <span className="tutorial-mock__caret" />
          </div>
          <div className="tutorial-mock__row">
            <span className="tutorial-mock__button">
              <i className="pi pi-search" />
            </span>
            <span className="tutorial-mock__button is-outlined">
              <i className="pi pi-clipboard" /> {t('alert.address.paste')}
            </span>
          </div>
        </div>
      );
    case 'map':
    case 'edit':
      return (
        <div className="tutorial-map">
          <span className="tutorial-map__radius" />
          <span className={`tutorial-map__pin ${step === 'edit' ? 'is-moving' : ''}`}>
            <i className="pi pi-heart-fill" />
          </span>
          {step === 'edit' ? <i className="pi pi-arrows-alt tutorial-map__drag" /> : null}
          <span className="tutorial-map__aed">
            <i className="pi pi-bolt" />
          </span>
        </div>
      );
    case 'preview':
      return (
        <div className="alert-preview">
          <div className="alert-preview__count">8</div>
          <div>
            <div className="alert-preview__label">{t('alert.preview.label', { count: 8 })}</div>
            <div className="alert-preview__hint">{t('alert.preview.hint')}</div>
          </div>
        </div>
      );
    case 'type':
      return (
        <div className="alert-types">
          {[1, 3, 4, 5, 6, 7].map((type) => (
            <span key={type} className={`alert-types__choice ${type === 1 ? 'is-chosen' : ''}`}>
              <AlertTypeIcon alertType={type} />
              <span>{t(`alert.type.${type}`)}</span>
            </span>
          ))}
        </div>
      );
    case 'details':
      return <div className="tutorial-mock__textarea">{t('alert.details.placeholder')}</div>;
    case 'trigger':
      return (
        <span className="tutorial-mock__launch">
          <i className="pi pi-send" /> {t('alert.launch')}
        </span>
      );
    case 'responders':
      return (
        <div className="tutorial-mock__list">
          <div className="responder-row status-onSiteVictim">
            <div className="responder-row__main">
              <span className="responder-row__person">Camille M.</span>
              <ResponderStatusTag status="onSiteVictim" />
            </div>
          </div>
          <div className="responder-row status-onTheWayAed">
            <div className="responder-row__main">
              <span className="responder-row__person">Lucas B.</span>
              <ResponderStatusTag status="onTheWayAed" />
            </div>
          </div>
          <div className="responder-row status-onTheWayVictim">
            <div className="responder-row__main">
              <span className="responder-row__person">Léa D.</span>
              <ResponderStatusTag status="onTheWayVictim" />
            </div>
          </div>
        </div>
      );
    case 'end':
      return (
        <span className="tutorial-mock__end">
          <i className="pi pi-power-off" /> {t('alert.close.button')}
        </span>
      );
    case 'ongoing':
      return (
        <div className="ongoing-banner">
          <span className="ongoing-banner__beacon" />
          <strong className="ongoing-banner__count">{t('alert.ongoing.count', { count: 2 })}</strong>
          <span className="ongoing-banner__latest">
            <AlertTypeIcon alertType={1} /> {t('alert.type.1')}
          </span>
        </div>
      );
  }
}
