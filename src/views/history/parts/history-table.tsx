import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Paginator } from 'primereact/paginator';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { screens } from '../../../../contract/access';
import { historyPageSizes, type HistoryAlert } from '../../../../contract/history.schemas';
import { formatDateTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { entriesEndOf, entriesStartOf, historyCountOf, historyLimitOf, historyListOf, historyLoadErrorOf, historyPageOf, isLoadingHistory } from '../../../machines/history/history.selectors';
import { AlertTypeIcon } from '../../alert/parts/alert-type-icon';
import { formatDuration } from '../../alert/parts/format';
import { HistoryActor } from '../history-actor';
import { CallbackFlagBadges, ContactStatusTag } from './contact-status-tag';
import { ResultsPanel } from './results-panel';

/** The path of the post-intervention form of one responder. */
export const formPath = (requestId: number) => screens.citizenAlertForm.path.replace(':id', String(requestId));

/** The history table: one alert per row, its departures in an expansion, zero-based pages and page size. */
export function HistoryTable({ canCallBack }: { canCallBack: boolean }) {
  const { t, locale } = useIntl();
  const history = HistoryActor.useActorRef();
  const list = HistoryActor.useSelector(historyListOf);
  const count = HistoryActor.useSelector(historyCountOf);
  const page = HistoryActor.useSelector(historyPageOf);
  const limit = HistoryActor.useSelector(historyLimitOf);
  const loading = HistoryActor.useSelector(isLoadingHistory);
  const loadError = HistoryActor.useSelector(historyLoadErrorOf);
  const start = HistoryActor.useSelector(entriesStartOf);
  const end = HistoryActor.useSelector(entriesEndOf);
  const order = HistoryActor.useSelector((snapshot) => snapshot.context.filter.order);
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});

  const dateCell = (alert: HistoryAlert) => (
    <div className="flex flex-column">
      <span className="font-semibold text-900">{formatDateTime(alert.date ?? alert.creationDate, locale)}</span>
      <span className="text-sm text-600">{t('history.alert-number', { id: alert.alertId })}</span>
      {alert.test ? <span className="test-badge">{t('history.test')}</span> : null}
    </div>
  );
  const typeCell = (alert: HistoryAlert) => (
    <span className={`history-type type-${alert.alertType}`}>
      <AlertTypeIcon alertType={alert.alertType} />
      {t(`alert.type.${alert.alertType}`)}
    </span>
  );
  const addressCell = (alert: HistoryAlert) => (
    <div className="flex flex-column history-address">
      <span>{alert.address}</span>
      {alert.addressInfo ? <span className="text-sm text-600">{alert.addressInfo}</span> : null}
      <span className="text-xs text-500">{alert.siteName}</span>
    </div>
  );
  const respondersCell = (alert: HistoryAlert) => (
    <div className="history-figures" aria-label={t('history.figures', { requests: alert.nbRequests, departures: alert.nbDepartures, refused: alert.nbRefused })}>
      <span title={t('history.column.requests')}>
        <i className="pi pi-send" aria-hidden /> {alert.nbRequests}
      </span>
      <span title={t('history.column.departures')} className="is-departures">
        <i className="pi pi-directions-alt" aria-hidden /> {alert.nbDepartures}
      </span>
      <span title={t('history.column.refused')} className="is-refused">
        <i className="pi pi-ban" aria-hidden /> {alert.nbRefused}
      </span>
      {alert.firstDepartureSeconds !== null ? <span className="history-figures__first">{t('history.first-departure', { delay: formatDuration(alert.firstDepartureSeconds) })}</span> : null}
    </div>
  );
  const closeCell = (alert: HistoryAlert) => (
    <div className="flex flex-column">
      <span>{alert.durationSeconds === null ? t('history.in-progress') : formatDuration(alert.durationSeconds)}</span>
      <span className="text-sm text-600">
        {alert.closeReason === 'auto' ? t('history.closed.auto', { minutes: Math.round((alert.durationSeconds ?? 0) / 60) }) : alert.closedBy ? t('history.closed.by', { name: `${alert.closedBy.firstName} ${alert.closedBy.lastName}` }) : ''}
      </span>
    </div>
  );
  const callbackCell = (alert: HistoryAlert) => (
    <div className="flex flex-wrap gap-1 align-items-center">
      <ContactStatusTag status={alert.contactStatus} />
      {Object.entries(alert.callbackCounts)
        .filter(([status]) => status !== alert.contactStatus)
        .map(([status, value]) => (
          <ContactStatusTag key={status} status={status} count={value} />
        ))}
    </div>
  );
  const actionsCell = (alert: HistoryAlert) => (
    <Button type="button" icon="pi pi-history" rounded text aria-label={t('history.chronology.open', { id: alert.alertId })} tooltip={t('history.chronology')} tooltipOptions={{ position: 'left' }} onClick={() => history.send({ type: 'chronology.open', alertId: alert.alertId })} />
  );

  const expansion = (alert: HistoryAlert) =>
    alert.responders.length === 0 ? (
      <p className="text-600 m-0 px-3 py-2">{t('history.no-departure')}</p>
    ) : (
      <table className="departures" aria-label={t('history.departures.title', { id: alert.alertId })}>
        <thead>
          <tr>
            <th>{t('history.departures.responder')}</th>
            <th>{t('history.departures.phone')}</th>
            <th>{t('history.departures.status')}</th>
            <th>{t('history.departures.delay')}</th>
            <th>{t('history.departures.callback')}</th>
            <th aria-label={t('history.departures.actions')} />
          </tr>
        </thead>
        <tbody>
          {alert.responders.map((responder) => (
            <tr key={responder.id} data-request={responder.id}>
              <td className="font-medium">
                {responder.firstName} {responder.lastName}
              </td>
              <td>
                <a href={`tel:${responder.phone}`}>{responder.phone}</a>
              </td>
              <td>{t(`responder.status.${responder.status}`)}</td>
              <td>{formatDuration(responder.departureSeconds)}</td>
              <td>
                <div className="flex flex-wrap gap-1 align-items-center">
                  <ContactStatusTag status={responder.contactStatus} />
                  {responder.recallAt ? <span className="text-sm text-700">{formatDateTime(responder.recallAt, locale)}</span> : null}
                  <CallbackFlagBadges flags={responder.flags} />
                </div>
              </td>
              <td className="text-right">
                {canCallBack && responder.contactStatus !== 'alertInProgress' ? (
                  <Link className="p-button p-button-sm p-button-outlined" to={formPath(responder.id)}>
                    <i className="pi pi-file-edit mr-2" aria-hidden />
                    {responder.formCompleted ? t('history.form.open') : t('history.form.fill')}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <ResultsPanel
      label={t('history.results')}
      testId="history-entries"
      count={count}
      countText={loading && count === 0 ? t('history.loading') : count === 0 ? t('history.entries.none') : t('history.entries', { start, end, count })}
      actions={
        <div className="flex align-items-center gap-2">
          <Button type="button" text icon={order === 'desc' ? 'pi pi-sort-amount-down' : 'pi pi-sort-amount-up-alt'} label={t(order === 'desc' ? 'history.order.desc' : 'history.order.asc')} onClick={() => history.send({ type: 'order.toggle' })} />
          <label htmlFor="history-limit" className="text-600 text-sm">
            {t('history.page-size')}
          </label>
          <Dropdown inputId="history-limit" value={limit} options={historyPageSizes.map((value) => ({ value, label: String(value) }))} onChange={(event) => history.send({ type: 'limit.change', limit: event.value as number })} />
        </div>
      }
      error={loadError ? { text: t(loadError), retryLabel: t('history.retry'), onRetry: () => history.send({ type: 'history.refresh' }) } : null}
    >
      <DataTable
        value={list}
        dataKey="alertId"
        loading={loading}
        expandedRows={expanded}
        onRowToggle={(event) => setExpanded(event.data as DataTableExpandedRows)}
        rowExpansionTemplate={expansion}
        emptyMessage={loading ? ' ' : t('history.empty')}
        rowClassName={(alert: HistoryAlert) => (alert.test ? 'is-test' : '')}
        className="history-table"
        size="small"
      >
        <Column expander={(alert: HistoryAlert) => alert.responders.length > 0} style={{ width: '3rem' }} />
        <Column header={t('history.column.launched')} body={dateCell} style={{ width: '12rem' }} />
        <Column header={t('history.column.type')} body={typeCell} style={{ width: '9.5rem' }} />
        <Column header={t('history.column.address')} body={addressCell} />
        <Column header={t('history.column.responders-short')} body={respondersCell} style={{ width: '10rem' }} />
        <Column header={t('history.column.duration')} body={closeCell} style={{ width: '10rem' }} />
        <Column header={t('history.column.contact-status')} body={callbackCell} style={{ width: '12.5rem' }} />
        <Column body={actionsCell} style={{ width: '3.5rem' }} />
      </DataTable>
      <Paginator
        first={page * limit}
        rows={limit}
        totalRecords={count}
        onPageChange={(event) => (event.rows !== limit ? history.send({ type: 'limit.change', limit: event.rows }) : history.send({ type: 'page.change', page: event.page }))}
        template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
      />
    </ResultsPanel>
  );
}
