import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useNavigate } from 'react-router-dom';
import { screens } from '../../../../contract/access';
import { useIntl } from '../../../i18n/intl-provider';
import { countOf, filterOf, phaseOf, sitesOf } from '../../../machines/notification-list/notification-list.selectors';
import type { MessageType, OsDevice } from '../../../machines/notification-list/notification-list.types';
import { NotificationListActor } from '../notification-actors';
import { labelled, messageTypeOptions, osOptions } from './options';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The list filters (site, OS, message type), the count, refresh and the way to a new notification. */
export function ListToolbar() {
  const { t } = useIntl();
  const navigate = useNavigate();
  const list = NotificationListActor.useActorRef();
  const filter = NotificationListActor.useSelector(filterOf, sameJson);
  const sites = NotificationListActor.useSelector(sitesOf, sameJson);
  const count = NotificationListActor.useSelector(countOf);
  const phase = NotificationListActor.useSelector(phaseOf);
  const loading = phase === 'loading' || phase === 'refreshing';
  return (
    <header className="community-toolbar surface-card border-round-xl shadow-1">
      <div className="community-toolbar__row">
        <Dropdown
          inputId="filter-site"
          value={filter.idSite}
          options={sites.map((site) => ({ value: site.id, label: site.name }))}
          placeholder={t('notification.filter.site.all')}
          showClear
          className="community-filter"
          aria-label={t('notification.field.application')}
          onChange={(event) => list.send({ type: 'filter.change', filter: { idSite: (event.value as number | undefined) ?? null } })}
        />
        <Dropdown
          inputId="filter-os"
          value={filter.osDevice}
          options={labelled(osOptions, t)}
          placeholder={t('notification.filter.os.all')}
          showClear
          className="community-filter is-narrow"
          aria-label={t('notification.field.os')}
          onChange={(event) => list.send({ type: 'filter.change', filter: { osDevice: (event.value as OsDevice | undefined) ?? null } })}
        />
        <Dropdown
          inputId="filter-type"
          value={filter.type}
          options={labelled(messageTypeOptions, t)}
          placeholder={t('notification.filter.type.all')}
          showClear
          className="community-filter"
          aria-label={t('notification.field.messageType')}
          onChange={(event) => list.send({ type: 'filter.change', filter: { type: (event.value as MessageType | undefined) ?? null } })}
        />
        <span className="community-count" data-testid="notification-count">
          {t('notification.list.count', { count })}
        </span>
        <div className="community-toolbar__spacer" />
        <Button
          type="button"
          icon={`pi pi-refresh${loading ? ' pi-spin' : ''}`}
          label={t('notification.list.refresh')}
          outlined
          severity="secondary"
          data-testid="notification-refresh"
          onClick={() => list.send({ type: 'list.refresh' })}
        />
        <Button type="button" icon="pi pi-plus" label={t('notification.list.new')} data-testid="notification-new" onClick={() => navigate(screens.notificationAdd.path)} />
      </div>
    </header>
  );
}
