import '../notification/community.css';
import { Button } from 'primereact/button';
import { ConfirmPopup } from 'primereact/confirmpopup';
import { Message } from 'primereact/message';
import { useIntl } from '../../i18n/intl-provider';
import { errorKeyOf, phaseOf } from '../../machines/notification-list/notification-list.selectors';
import { NotificationListActor } from '../notification/notification-actors';
import { ListToolbar } from '../notification/parts/list-toolbar';
import { NotificationTable } from '../notification/parts/notification-table';

/**
 * Push notifications (spec §2): the admin list with its filters, refresh (also live on
 * REFRESH_NOTIFS), play or stop, delete and duplicate.
 */
export default function NotificationListPage() {
  return (
    <NotificationListActor.Provider>
      <NotificationListScreen />
    </NotificationListActor.Provider>
  );
}

/** The screen around a running list actor (the page provides it; the rendered replays provide theirs). */
export function NotificationListScreen() {
  const { t } = useIntl();
  const list = NotificationListActor.useActorRef();
  const phase = NotificationListActor.useSelector(phaseOf);
  const errorKey = NotificationListActor.useSelector(errorKeyOf);
  return (
    <div className="community-page" data-testid="notification-list" data-phase={phase}>
      <ConfirmPopup />
      <ListToolbar />
      {phase === 'failed' ? (
        <div className="flex align-items-center gap-3" data-testid="notification-list-failed">
          {/* Spec §8: a failed notification fetch names its source. */}
          <Message severity="error" text={t('notification.list.load-failed', { reason: t(errorKey ?? 'error.server') })} />
          <Button type="button" icon="pi pi-refresh" label={t('notification.common.retry')} text onClick={() => list.send({ type: 'list.refresh' })} />
        </div>
      ) : null}
      <section className="community-card surface-card border-round-xl shadow-1">
        <NotificationTable />
      </section>
    </div>
  );
}
