import '../notification/community.css';
import { Button } from 'primereact/button';
import { ConfirmPopup } from 'primereact/confirmpopup';
import { Message } from 'primereact/message';
import { useIntl } from '../../i18n/intl-provider';
import { errorKeyOf, phaseOf, testersOf } from '../../machines/testers/testers.selectors';
import { TesterSearch } from '../testers/tester-search';
import { TesterTable } from '../testers/tester-table';
import { TestersActor } from '../testers/testers-actor';

/** Tester management (spec §2): the testers, search, add, remove and the test notification. */
export default function TesterManagementPage() {
  return (
    <TestersActor.Provider>
      <TesterManagementScreen />
    </TestersActor.Provider>
  );
}

/** The screen around a running testers actor (the page provides it; the rendered replays provide theirs). */
export function TesterManagementScreen() {
  const { t } = useIntl();
  const testers = TestersActor.useActorRef();
  const phase = TestersActor.useSelector(phaseOf);
  const errorKey = TestersActor.useSelector(errorKeyOf);
  const count = TestersActor.useSelector((snapshot) => testersOf(snapshot).length);
  return (
    <div className="community-page" data-testid="tester-management" data-phase={phase}>
      <ConfirmPopup />
      <div className="tester-layout">
        <section className="community-card surface-card border-round-xl shadow-1" aria-labelledby="testers-title">
          <header className="tester-header">
            <h2 id="testers-title" className="notif-section__title">
              <i className="pi pi-mobile" aria-hidden /> {t('tester.list.title')}
              <span className="community-count">{t('tester.list.count', { count })}</span>
            </h2>
            <Button type="button" icon="pi pi-refresh" text severity="secondary" aria-label={t('notification.list.refresh')} tooltip={t('notification.list.refresh')} onClick={() => testers.send({ type: 'testers.reload' })} />
          </header>
          <p className="notif-side__note">{t('tester.list.lead')}</p>
          {phase === 'failed' ? (
            <div className="flex align-items-center gap-3 mb-3" data-testid="testers-failed">
              <Message severity="error" text={t(errorKey ?? 'error.tester.list')} />
              <Button type="button" icon="pi pi-refresh" label={t('notification.common.retry')} text onClick={() => testers.send({ type: 'testers.reload' })} />
            </div>
          ) : null}
          <TesterTable />
        </section>
        <TesterSearch />
      </div>
    </div>
  );
}
