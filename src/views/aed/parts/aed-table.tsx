import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmPopup } from 'primereact/confirmpopup';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import type { AedListItem, AedOrderField } from '../../../../contract/aed-list.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { aedsOf, deletingOf, entriesOf, isAedLoading, limitOf, orderOf, pageOf, totalOf } from '../../../machines/aed-list/aed-list.selectors';
import { AedListActor } from '../aed-list-actor';
import { ConfirmationBadge, GeoDaeBadge, StatusTag, VigilanceBadges } from './aed-badges';
import { formatDay } from './aed-format';

/** Sortable columns and the order field each asks the server for. */
const sortFields: Record<string, AedOrderField> = {
  name: 'name',
  city: 'city',
  brand: 'brand',
  status: 'status',
  lastConfirmationDate: 'lastConfirmationDate',
  batteryExpiration: 'batteryExpiration',
  updatedAt: 'updated',
  createdAt: 'created',
};
const columnOf = (order: AedOrderField) => Object.entries(sortFields).find(([, value]) => value === order)?.[0] ?? 'createdAt';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface AedTableProps {
  /** AEDs ticked for a merge (when the user may merge), by udid. */
  selection: string[] | null;
  onSelection: (udids: string[]) => void;
  accountName: (idSite: number) => string | null;
}

/**
 * The AED table (spec §2): lazy, the server pages (50 by default) and orders; status, confirmation
 * age and vigilance badges; open and soft-delete per row.
 */
export function AedTable({ selection, onSelection, accountName }: AedTableProps) {
  const { t, locale } = useIntl();
  const list = AedListActor.useActorRef();
  const aeds = AedListActor.useSelector(aedsOf, sameJson);
  const total = AedListActor.useSelector(totalOf);
  const loading = AedListActor.useSelector(isAedLoading);
  const page = AedListActor.useSelector(pageOf);
  const limit = AedListActor.useSelector(limitOf);
  const order = AedListActor.useSelector(orderOf, sameJson);
  const entries = AedListActor.useSelector(entriesOf, sameJson);
  const deleting = AedListActor.useSelector(deletingOf);
  const canDeleteNow = AedListActor.useSelector((snapshot) => snapshot.matches({ showing: { data: { list: 'idle' } } }));
  const number = new Intl.NumberFormat(locale.replace('_', '-'));

  const onPage = (event: DataTablePageEvent) => {
    if (event.rows !== limit) list.send({ type: 'limit.change', limit: event.rows });
    else list.send({ type: 'page.change', page: event.page ?? Math.floor(event.first / event.rows) });
  };
  const onSort = (event: DataTableSortEvent) => {
    const field = sortFields[String(event.sortField)];
    if (field) list.send({ type: 'order.change', order: field, orderSort: event.sortOrder === 1 ? 'asc' : 'desc' });
  };
  const askDelete = (target: HTMLElement, aed: AedListItem) =>
    confirmPopup({
      target,
      message: t('aed.delete.confirm', { name: aed.name }),
      icon: 'pi pi-trash',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('aed.delete.action'),
      rejectLabel: t('aed.common.cancel'),
      accept: () => list.send({ type: 'aed.delete', udid: aed.udid }),
    });

  const nameBody = (aed: AedListItem) => (
    <div className="aed-cell-name">
      <Link to={`/aed/form/update/${aed.udid}`} className="aed-cell-name__link" data-testid="aed-link">
        {aed.name}
      </Link>
      <small>{[aed.address, aed.idAed ? `#${aed.idAed}` : null].filter(Boolean).join(' · ') || '—'}</small>
      {flagsBody(aed)}
    </div>
  );
  const placeBody = (aed: AedListItem) => (
    <div className="aed-cell-stack">
      <span>{aed.city ?? '—'}</span>
      <small>{[aed.zipCode, aed.country].filter(Boolean).join(' · ')}</small>
    </div>
  );
  const deviceBody = (aed: AedListItem) => (
    <div className="aed-cell-stack">
      <span>{aed.brand ?? '—'}</span>
      <small>{aed.model ?? ''}</small>
    </div>
  );
  const accountBody = (aed: AedListItem) => (
    <div className="aed-cell-stack">
      <span className="text-sm aed-ellipsis" title={accountName(aed.idSite) ?? undefined}>
        {accountName(aed.idSite) ?? `#${aed.idSite}`}
      </span>
      {aed.isLinked ? (
        <small className="aed-linked">
          <i className="pi pi-link" aria-hidden /> GeoDAE
        </small>
      ) : null}
    </div>
  );
  const flagsBody = (aed: AedListItem) => (
    <span className="aed-flags">
      {aed.certified ? <i className="pi pi-verified text-green-700" title={t('aed.certified.yes')} aria-label={t('aed.certified.yes')} /> : null}
      {aed.alwaysOpened ? <span className="aed-flag" title={t('aed.field.alwaysOpened')}>24/7</span> : null}
      {aed.positionToCheck ? (
        <span className="aed-flag is-report" title={t('aed.positionToCheck.hint')} data-testid="position-to-check">
          <i className="pi pi-map-marker" aria-hidden /> {t('aed.positionToCheck')}
        </span>
      ) : null}
      <GeoDaeBadge missing={aed.geoDaeMissing} />
      {aed.onGoingReports ? (
        <span className="aed-flag is-report" title={t('aed.reports.ongoing', { count: aed.onGoingReports })}>
          <i className="pi pi-flag-fill" aria-hidden /> {aed.onGoingReports}
        </span>
      ) : null}
    </span>
  );
  const actionsBody = (aed: AedListItem) => (
    <div className="aed-row-actions">
      <Link to={`/aed/form/update/${aed.udid}`} className="p-button p-button-icon-only p-button-text p-button-rounded p-button-sm" aria-label={t('aed.open', { name: aed.name })} title={t('aed.open', { name: aed.name })}>
        <i className="pi pi-pencil" aria-hidden />
      </Link>
      {aed.status !== 'deleted' ? (
        <Button
          type="button"
          icon="pi pi-trash"
          rounded
          text
          size="small"
          severity="danger"
          aria-label={t('aed.delete.action')}
          loading={deleting === aed.udid}
          disabled={!canDeleteNow}
          onClick={(event) => askDelete(event.currentTarget, aed)}
        />
      ) : null}
    </div>
  );

  const selected = selection ? aeds.filter((aed) => selection.includes(aed.udid)) : null;
  return (
    <DataTable
      value={aeds}
      lazy
      dataKey="udid"
      paginator
      first={page * limit}
      rows={limit}
      totalRecords={total}
      rowsPerPageOptions={[20, 50, 100]}
      onPage={onPage}
      sortField={columnOf(order.order)}
      sortOrder={order.orderSort === 'asc' ? 1 : -1}
      onSort={onSort}
      loading={loading}
      size="small"
      stripedRows
      rowHover
      scrollable
      scrollHeight="flex"
      className="aed-table"
      tableStyle={{ minWidth: '100%' }}
      emptyMessage={loading ? ' ' : t('aed.list.empty')}
      paginatorLeft={<span className="text-sm text-600" data-testid="aed-entries">{t('aed.list.entries', { start: number.format(entries.start), end: number.format(entries.end), total: number.format(entries.total) })}</span>}
      paginatorRight={<span />}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown"
      rowClassName={(aed: AedListItem) => ({ 'is-deleted': aed.status === 'deleted' })}
      selectionMode={selected ? 'checkbox' : null}
      selection={selected ?? []}
      onSelectionChange={(event: { value: AedListItem[] }) => onSelection(event.value.map((aed) => aed.udid))}
    >
      {selected ? <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} /> : null}
      <Column field="name" header={t('aed.field.name')} body={nameBody} sortable style={{ minWidth: '11rem' }} />
      <Column field="city" header={t('aed.field.city')} body={placeBody} sortable style={{ minWidth: '7rem' }} />
      <Column field="brand" header={t('aed.list.device')} body={deviceBody} sortable style={{ minWidth: '7rem' }} />
      <Column header={t('aed.list.account')} body={accountBody} style={{ minWidth: '7rem', maxWidth: '8rem' }} />
      <Column field="status" header={t('aed.field.status')} body={(aed: AedListItem) => <StatusTag status={aed.status} until={aed.unavailableUntil} />} sortable />
      <Column field="lastConfirmationDate" header={t('aed.list.confirmation')} body={(aed: AedListItem) => <ConfirmationBadge band={aed.vigilance.confirmation} date={aed.lastConfirmationDate} />} sortable />
      <Column field="batteryExpiration" header={t('aed.list.vigilance')} body={(aed: AedListItem) => <VigilanceBadges vigilance={aed.vigilance} compact />} sortable style={{ minWidth: '9rem' }} />
      <Column field="updatedAt" header={t('aed.list.updated')} body={(aed: AedListItem) => <span className="text-sm">{formatDay(aed.updatedAt, locale)}</span>} sortable />
      <Column field="createdAt" header={t('aed.list.created')} body={(aed: AedListItem) => <span className="text-sm">{formatDay(aed.createdAt, locale)}</span>} sortable />
      <Column header={<span className="sr-only">{t('aed.common.actions')}</span>} body={actionsBody} style={{ width: '6rem' }} frozen alignFrozen="right" />
    </DataTable>
  );
}
