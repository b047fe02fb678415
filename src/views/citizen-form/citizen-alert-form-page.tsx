import './citizen-form.css';
import { Button } from 'primereact/button';
import { Link, useParams } from 'react-router-dom';
import { screens } from '../../../contract/access';
import { useIntl } from '../../i18n/intl-provider';
import { formPhaseOf, technicalIssuesOf } from '../../machines/citizen-form/citizen-form.selectors';
import { CitizenFormActor } from './citizen-form-actor';
import { FormHeader } from './parts/form-header';
import { HistorySection } from './parts/history-section';
import { IdentitySection } from './parts/identity-section';
import { InterventionSection } from './parts/intervention-section';
import { RecallSection, RefusalSection } from './parts/outcome-sections';
import { TechnicalIssuesDialog } from './parts/technical-issues-dialog';

/** Post-intervention form of one responder (spec §2): /alert/citizenAlertForm/{id}, id the responder's request on the alert. */
export default function CitizenAlertFormPage() {
  const { id } = useParams();
  const requestId = Number(id);
  const { t } = useIntl();
  if (!Number.isInteger(requestId) || requestId <= 0) {
    return (
      <div className="form-state surface-card border-round-xl shadow-1" role="alert">
        {t('error.not-found')}
      </div>
    );
  }
  return (
    <CitizenFormActor.Provider key={requestId} options={{ input: { id: requestId } }}>
      <CitizenFormScreen />
    </CitizenFormActor.Provider>
  );
}

/** The form's screen inside a CitizenFormActor provider (tests provide the actor). */
export function CitizenFormScreen() {
  const { t } = useIntl();
  const form = CitizenFormActor.useActorRef();
  const phase = CitizenFormActor.useSelector(formPhaseOf);
  const loadError = CitizenFormActor.useSelector((snapshot) => snapshot.context.loadError);
  if (phase === 'loading') {
    return (
      <div className="form-state surface-card border-round-xl shadow-1">
        <i className="pi pi-spin pi-spinner mr-2" aria-hidden /> {t('citizenForm.loading')}
      </div>
    );
  }
  if (phase === 'loadFailed') {
    return (
      <div className="form-state surface-card border-round-xl shadow-1" role="alert">
        <p>{t(loadError === 'error.not-found' ? 'error.not-found' : 'error.callback.load-failed')}</p>
        <Button type="button" icon="pi pi-refresh" label={t('history.retry')} onClick={() => form.send({ type: 'form.retry' })} />
      </div>
    );
  }
  if (phase === 'sent') return <SentPanel />;
  return (
    <form
      className="citizen-form"
      data-testid="citizen-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'form.submit' });
      }}
    >
      <FormHeader />
      <div className="citizen-form__columns">
        <div className="citizen-form__main">
          <IdentitySection />
          <InterventionSection />
        </div>
        <aside className="citizen-form__side">
          <RecallSection />
          <RefusalSection />
          <HistorySection />
        </aside>
      </div>
      <ActionBar />
      <TechnicalIssuesDialog />
    </form>
  );
}

function ActionBar() {
  const { t } = useIntl();
  const form = CitizenFormActor.useActorRef();
  const phase = CitizenFormActor.useSelector(formPhaseOf);
  const issues = CitizenFormActor.useSelector(technicalIssuesOf);
  const canOpenIssues = CitizenFormActor.useSelector((snapshot) => snapshot.can({ type: 'issues.open' }));
  return (
    <div className="form-actions surface-card shadow-2">
      <Button type="button" icon="pi pi-exclamation-circle" outlined severity="secondary" label={t('interview.issues.open')} badge={issues.kinds.length ? String(issues.kinds.length) : undefined} disabled={!canOpenIssues} onClick={() => form.send({ type: 'issues.open' })} />
      <span className="form-actions__saved text-600 text-sm">
        <i className="pi pi-save" aria-hidden /> {t('citizenForm.draft.kept')}
      </span>
      <Link to={screens.alertHistory.path} className="p-button p-button-text">
        {t('citizenForm.back')}
      </Link>
      <Button type="submit" icon="pi pi-send" label={t('citizenForm.send')} loading={phase === 'sending'} disabled={phase === 'sending'} />
    </div>
  );
}

function SentPanel() {
  const { t } = useIntl();
  const form = CitizenFormActor.useActorRef();
  const result = CitizenFormActor.useSelector((snapshot) => snapshot.context.result);
  const name = CitizenFormActor.useSelector((snapshot) => (snapshot.context.form ? `${snapshot.context.form.responder.firstName} ${snapshot.context.form.responder.lastName}` : ''));
  return (
    <div className="form-state form-state--sent surface-card border-round-xl shadow-1" role="status" data-testid="citizen-form-sent">
      <i className="pi pi-check-circle" aria-hidden />
      <h2>{t('citizenForm.sent.title')}</h2>
      <p>{t('citizenForm.sent.text', { name, status: t(`callback.status.${result?.contactStatus ?? 'done'}`) })}</p>
      <div className="flex gap-2 justify-content-center">
        <Link to={screens.alertHistory.path} className="p-button">
          {t('citizenForm.back')}
        </Link>
        <Button type="button" outlined label={t('citizenForm.reopen')} onClick={() => form.send({ type: 'form.reload' })} />
      </div>
    </div>
  );
}
