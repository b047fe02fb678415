import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useState } from 'react';
import { useIntl } from '../../../i18n/intl-provider';
import { alertTypeChoicesOf, alertTypeOf, canChooseType, canLaunch, debugModeChoicesOf, debugModeOf, detailsOf, isPreviewing, nbPotentialOf, phaseOf, setUpStatusOf } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';
import { AlertTypeIcon } from './alert-type-icon';

/** Before launch: the responder preview, the emergency type, details, the debug mode (when offered) and the trigger. */
export function SetupPanel() {
  const { t } = useIntl();
  const alert = AlertActor.useActorRef();
  const status = AlertActor.useSelector(setUpStatusOf);
  const launching = AlertActor.useSelector((snapshot) => phaseOf(snapshot) === 'launching');
  const mayLaunch = AlertActor.useSelector(canLaunch);
  const mayChoose = AlertActor.useSelector(canChooseType);
  const types = AlertActor.useSelector(alertTypeChoicesOf);
  const chosenType = AlertActor.useSelector(alertTypeOf);
  const debugModes = AlertActor.useSelector(debugModeChoicesOf);
  const debugMode = AlertActor.useSelector(debugModeOf);
  const details = AlertActor.useSelector(detailsOf);
  const [text, setText] = useState(details);
  useEffect(() => setText(details), [details]);

  return (
    <>
      <PreviewCard />
      <section className="alert-section" aria-labelledby="alert-type-title">
        <h2 id="alert-type-title" className="alert-section__title">
          <i className="pi pi-exclamation-circle" aria-hidden /> {t('alert.type.title')}
        </h2>
        <div className="alert-types" role="radiogroup" aria-labelledby="alert-type-title">
          {types.map((type) => (
            <button
              key={type.value}
              type="button"
              role="radio"
              aria-checked={type.value === chosenType}
              className={`alert-types__choice ${type.value === chosenType ? 'is-chosen' : ''}`}
              disabled={!mayChoose}
              data-testid={`alert-type-${type.value}`}
              onClick={() => alert.send({ type: 'type.choose', alertType: type.value })}
            >
              <AlertTypeIcon alertType={type.value} />
              <span>{t(type.label)}</span>
            </button>
          ))}
        </div>
      </section>
      <section className="alert-section">
        <label htmlFor="alert-details" className="alert-section__title">
          <i className="pi pi-pencil" aria-hidden /> {t('alert.details.label')}
        </label>
        <InputTextarea
          id="alert-details"
          value={text}
          rows={2}
          autoResize
          maxLength={2000}
          className="w-full"
          placeholder={t('alert.details.placeholder')}
          disabled={!mayChoose}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => alert.send({ type: 'details.change', addressInfo: text })}
        />
      </section>
      {debugModes.length > 0 ? (
        <section className="alert-section alert-section--inline">
          <label htmlFor="alert-debug-mode" className="alert-section__title m-0">
            <i className="pi pi-wrench" aria-hidden /> {t('alert.debug-mode.label')}
          </label>
          <Dropdown
            inputId="alert-debug-mode"
            value={debugMode}
            options={debugModes.map((mode) => ({ value: mode.value, label: t(mode.label) }))}
            disabled={!mayChoose}
            className={`alert-debug-mode ${debugMode !== 0 ? 'is-test' : ''}`}
            onChange={(event) => alert.send({ type: 'debugMode.choose', debugMode: event.value })}
          />
        </section>
      ) : null}
      <div className="alert-launch">
        <Button
          type="button"
          icon="pi pi-send"
          label={t('alert.launch')}
          severity="danger"
          size="large"
          className="w-full"
          loading={launching}
          disabled={!mayLaunch}
          data-testid="launch-alert"
          // The details typed last are sent with the launch even if the field still has focus.
          onClick={() => {
            alert.send({ type: 'details.change', addressInfo: text });
            alert.send({ type: 'alert.launch' });
          }}
        />
        {status !== 'ready' && !launching ? <p className="alert-launch__hint">{t(status === 'imprecise' ? 'alert.launch.hint-pin' : 'alert.launch.hint-place')}</p> : null}
      </div>
    </>
  );
}

/** How many responders the alert would reach, from the last set-up. */
function PreviewCard() {
  const { t } = useIntl();
  const count = AlertActor.useSelector(nbPotentialOf);
  const previewing = AlertActor.useSelector(isPreviewing);
  const debugMode = AlertActor.useSelector(debugModeOf);
  return (
    <section className={`alert-preview ${count === 0 ? 'is-empty' : ''} ${count === null ? 'is-unknown' : ''}`} aria-live="polite" data-testid="responder-preview">
      <div className="alert-preview__count">{previewing ? <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="6" /> : (count ?? '–')}</div>
      <div>
        <div className="alert-preview__label">{count === null ? t('alert.preview.unknown') : t('alert.preview.label', { count })}</div>
        <div className="alert-preview__hint">{count === null ? t('alert.preview.waiting') : debugMode === 3 ? t('alert.preview.bots') : t('alert.preview.hint')}</div>
      </div>
    </section>
  );
}
