import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmPopup } from 'primereact/confirmpopup';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useNavigate } from 'react-router-dom';
import { screens } from '../../../../contract/access';
import type { NotificationItem } from '../../../../contract/notification.schemas';
import { formatDateTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { actionsOf, countOf, itemsOf, limitOf, pageOf, pendingOf, phaseOf } from '../../../machines/notification-list/notification-list.selectors';
import { NotificationListActor } from '../notification-actors';
import { osIcons } from './options';
import { StatusBadge } from './status-badge';
import { SendProgress } from './send-progress';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Play or stop, edit (drafts), duplicate and delete, as the chart and the machine allow. */
function RowActions({ item }: { item: NotificationItem }) {
  const { t } = useIntl();
  const navigate = useNavigate();
  const list = NotificationListActor.useActorRef();
  const actions = NotificationListActor.useSelector((snapshot) => actionsOf(snapshot, item), sameJson);
  const pending = NotificationListActor.useSelector(pendingOf);
  const busy = (action: string) => pending?.id === item.id && pending.action === action;
  const askDelete = (target: HTMLElement) =>
    confirmPopup({
      target,
      message: t('notification.delete.confirm', { title: item.title }),
      icon: 'pi pi-trash',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('notification.delete.action'),
      rejectLabel: t('notification.common.cancel'),
      accept: () => list.send({ type: 'notification.delete', id: item.id }),
    });
  return (
    <div className="notif-row-actions">
      {actions.toggle ? (
        <Button
          type="button"
          icon={actions.toggle === 'stop' ? 'pi pi-pause' : 'pi pi-play'}
          rounded
          text
          size="small"
          severity={actions.toggle === 'stop' ? 'warning' : 'success'}
          aria-label={t(`notification.${actions.toggle}.action`)}
          tooltip={t(`notification.${actions.toggle}.action`)}
          tooltipOptions={{ position: 'top' }}
          loading={busy('toggle')}
          disabled={!actions.canToggle}
          data-testid={`notification-${actions.toggle}`}
          onClick={() => list.send({ type: 'notification.toggle', id: item.id })}
        />
      ) : null}
      {actions.edit ? (
        <Button
          type="button"
          icon="pi pi-pencil"
          rounded
          text
          size="small"
          aria-label={t('notification.edit.action')}
          tooltip={t('notification.edit.action')}
          tooltipOptions={{ position: 'top' }}
          data-testid="notification-edit"
          onClick={() => navigate(`${screens.notificationAdd.path}?id=${item.id}`)}
        />
      ) : null}
      <Button
        type="button"
        icon="pi pi-copy"
        rounded
        text
        size="small"
        severity="secondary"
        aria-label={t('notification.duplicate.action')}
        tooltip={t('notification.duplicate.action')}
        tooltipOptions={{ position: 'top' }}
        loading={busy('duplicate')}
        disabled={!actions.canDuplicate}
        data-testid="notification-duplicate"
        onClick={() => list.send({ type: 'notification.duplicate', id: item.id })}
      />
      {actions.delete ? (
        <Button
          type="button"
          icon="pi pi-trash"
          rounded
          text
          size="small"
          severity="danger"
          aria-label={t('notification.delete.action')}
          tooltip={t('notification.delete.action')}
          tooltipOptions={{ position: 'top' }}
          loading={busy('delete')}
          disabled={!actions.canDelete}
          data-testid="notification-delete"
          onClick={(event) => askDelete(event.currentTarget)}
        />
      ) : null}
    </div>
  );
}

/** The admin list (spec §2): lazy, 20 per page; title, application and OS, targeting, distribution, status, counts sent, actions. */
export function NotificationTable() {
  const { t, locale } = useIntl();
  const list = NotificationListActor.useActorRef();
  const items = NotificationListActor.useSelector(itemsOf, sameJson);
  const count = NotificationListActor.useSelector(countOf);
  const page = NotificationListActor.useSelector(pageOf);
  const limit = NotificationListActor.useSelector(limitOf);
  const phase = NotificationListActor.useSelector(phaseOf);
  const number = new Intl.NumberFormat(locale.replace('_', '-'));

  const titleBody = (item: NotificationItem) => (
    <div className="notif-cell-title" data-testid="notification-row" data-id={item.id} data-status={item.status} data-title={item.title}>
      <span className="notif-cell-title__main">{item.title}</span>
      <small className="notif-cell-title__message" title={item.message}>
        {item.message}
      </small>
      <span className="notif-cell-title__meta">
        <Tag value={t(`notification.messageType.${item.messageType}`)} className="notif-type-tag" />
        <span className="notif-lang">{item.language.toUpperCase()}</span>
      </span>
    </div>
  );
  const audienceBody = (item: NotificationItem) => (
    <div className="notif-cell-stack">
      <span className="notif-nowrap">
        {item.siteName} · <i className={osIcons[item.osDevice]} aria-hidden /> {t(`notification.os.${item.osDevice}`)}
      </span>
      <small>
        {item.sendingType === 'single'
          ? `${t('notification.sendingType.single')} · ${item.udid ?? ''}`
          : [t(`notification.accountStatus.${item.accountStatus}`), item.filter.length ? t('notification.list.conditions', { count: item.filter.length }) : null].filter(Boolean).join(' · ')}
      </small>
    </div>
  );
  const distributionBody = (item: NotificationItem) => (
    <div className="notif-cell-stack">
      <span className="notif-nowrap">
        <i className={item.distribution === 'programmed' ? 'pi pi-calendar' : 'pi pi-bolt'} aria-hidden /> {t(`notification.distribution.${item.distribution}`)}
      </span>
      <small className="notif-nowrap">{item.programmedDate ? formatDateTime(item.programmedDate, locale) : item.startedAt ? formatDateTime(item.startedAt, locale) : '—'}</small>
    </div>
  );
  const sentBody = (item: NotificationItem) => {
    if (item.recipients === 0) return <span className="text-color-secondary">—</span>;
    return (
      <div className="notif-sent" data-testid="notification-sent">
        <span className="notif-sent__figures">
          <strong>{number.format(item.sentCount)}</strong> / {number.format(item.recipients)}
        </span>
        <SendProgress sent={item.sentCount} failed={item.failedCount} recipients={item.recipients} />
        {item.failedCount > 0 ? <small className="notif-sent__failed">{t('notification.list.failed', { count: item.failedCount })}</small> : null}
      </div>
    );
  };
  const onPage = (event: DataTablePageEvent) => list.send({ type: 'page.change', page: event.page ?? Math.floor(event.first / event.rows) });

  return (
    <DataTable
      value={items}
      lazy
      dataKey="id"
      paginator
      first={page * limit}
      rows={limit}
      totalRecords={count}
      onPage={onPage}
      loading={phase === 'loading'}
      className="notif-table"
      rowClassName={(item: NotificationItem) => `is-${item.status}`}
      emptyMessage={t('notification.list.empty')}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
      currentPageReportTemplate={t('notification.list.report', { first: '{first}', last: '{last}', total: '{totalRecords}' })}
    >
      <Column header={t('notification.column.notification')} body={titleBody} style={{ width: '32%' }} />
      <Column header={t('notification.column.target')} body={audienceBody} />
      <Column header={t('notification.column.distribution')} body={distributionBody} />
      <Column header={t('notification.column.status')} body={(item: NotificationItem) => <StatusBadge item={item} />} />
      <Column header={t('notification.column.sent')} body={sentBody} style={{ minWidth: '9rem' }} />
      <Column header={t('notification.column.actions')} body={(item: NotificationItem) => <RowActions item={item} />} style={{ width: '9.5rem' }} />
    </DataTable>
  );
}
