import '../notification/community.css';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useIntl } from '../../i18n/intl-provider';
import { canAsk, countOf, errorKeyOf, phaseOf, selectionOf } from '../../machines/responder-validation/responder-validation.selectors';
import { DiplomaViewer } from '../validation/diploma-viewer';
import { ValidationActor } from '../validation/validation-actor';
import { ValidationConfirm } from '../validation/validation-confirm';
import { ValidationTable } from '../validation/validation-table';

/** Validation of citizen responders (spec §2, §4): validate or refuse one, the ticked ones or all, with their diplomas. */
export default function ResponderValidationPage() {
  const { language } = useIntl();
  return (
    <ValidationActor.Provider options={{ input: { lang: language.iso } }}>
      <ResponderValidationScreen />
    </ValidationActor.Provider>
  );
}

/** The screen around a running validation actor (the page provides it; the rendered replays provide theirs). */
export function ResponderValidationScreen() {
  const { t } = useIntl();
  const validation = ValidationActor.useActorRef();
  const phase = ValidationActor.useSelector(phaseOf);
  const errorKey = ValidationActor.useSelector(errorKeyOf);
  const count = ValidationActor.useSelector(countOf);
  const selection = ValidationActor.useSelector(selectionOf, (a, b) => a.join() === b.join());
  const mayAsk = ValidationActor.useSelector(canAsk);
  const askSelected = (status: 'activated' | 'refused') => validation.send({ type: 'validation.ask', request: { status, ids: selection } });
  const askAll = (status: 'activated' | 'refused') => validation.send({ type: 'validation.ask', request: { status, all: true } });
  return (
    <div className="community-page" data-testid="responder-validation" data-phase={phase}>
      <header className="community-toolbar surface-card border-round-xl shadow-1">
        <div className="community-toolbar__row">
          <span className="community-count is-strong" data-testid="waiting-count">
            <i className="pi pi-hourglass" aria-hidden /> {t('validation.list.count', { count })}
          </span>
          <div className="community-toolbar__spacer" />
          {selection.length ? (
            <>
              <span className="community-count">{t('validation.selection', { count: selection.length })}</span>
              <Button type="button" icon="pi pi-check" label={t('validation.activate.selected')} disabled={!mayAsk} data-testid="validate-selected" onClick={() => askSelected('activated')} />
              <Button type="button" icon="pi pi-times" label={t('validation.refuse.selected')} severity="danger" outlined disabled={!mayAsk} onClick={() => askSelected('refused')} />
            </>
          ) : (
            <>
              <Button type="button" icon="pi pi-check-square" label={t('validation.activate.all')} outlined disabled={!mayAsk || count === 0} data-testid="validate-all" onClick={() => askAll('activated')} />
              <Button type="button" icon="pi pi-ban" label={t('validation.refuse.all')} severity="danger" text disabled={!mayAsk || count === 0} onClick={() => askAll('refused')} />
            </>
          )}
          <Button type="button" icon="pi pi-refresh" text severity="secondary" aria-label={t('notification.list.refresh')} tooltip={t('notification.list.refresh')} onClick={() => validation.send({ type: 'list.reload' })} />
        </div>
      </header>
      {phase === 'failed' ? (
        <div className="flex align-items-center gap-3" data-testid="validation-failed">
          <Message severity="error" text={t(errorKey ?? 'error.responder-validation.list')} />
          <Button type="button" icon="pi pi-refresh" label={t('notification.common.retry')} text onClick={() => validation.send({ type: 'list.reload' })} />
        </div>
      ) : null}
      <section className="community-card surface-card border-round-xl shadow-1">
        <ValidationTable />
      </section>
      <DiplomaViewer />
      <ValidationConfirm />
    </div>
  );
}
