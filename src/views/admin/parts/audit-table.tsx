import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { Fragment, useState } from 'react';
import type { AuditEntry } from '../../../../contract/audit.schemas';
import { formatDateTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { auditCountOf, auditEntriesEndOf, auditEntriesStartOf, auditErrorOf, auditLimitOf, auditListOf, auditPageOf, auditPhaseOf, auditSitesOf } from '../../../machines/audit-log/audit-log.selectors';
import { ResultsPanel } from '../../history/parts/results-panel';
import { AuditLogActor } from '../audit-log-actor';
import { actionLabel, detailText, groupLabel } from './audit-labels';

/** The audit log's table: one action per row, newest first, 50 a page; a row opens on its details. */
export function AuditTable() {
  const { t, has, locale } = useIntl();
  const audit = AuditLogActor.useActorRef();
  const list = AuditLogActor.useSelector(auditListOf);
  const count = AuditLogActor.useSelector(auditCountOf);
  const page = AuditLogActor.useSelector(auditPageOf);
  const limit = AuditLogActor.useSelector(auditLimitOf);
  const start = AuditLogActor.useSelector(auditEntriesStartOf);
  const end = AuditLogActor.useSelector(auditEntriesEndOf);
  const loading = AuditLogActor.useSelector((snapshot) => auditPhaseOf(snapshot) === 'loading');
  const errorKey = AuditLogActor.useSelector(auditErrorOf);
  const sites = AuditLogActor.useSelector(auditSitesOf);
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});

  const timeCell = (entry: AuditEntry) => <span className="font-semibold text-900 white-space-nowrap">{formatDateTime(entry.at, locale)}</span>;
  const userCell = (entry: AuditEntry) =>
    entry.userId === null ? (
      <span className="text-600">{t('audit.user.none')}</span>
    ) : (
      <div className="flex flex-column">
        <span data-field="user-email">{entry.userEmail ?? t('audit.user.id', { id: entry.userId })}</span>
        <span className="text-sm text-600">
          {entry.idGroup === null ? '' : groupLabel(entry.idGroup, t, has)} · {t('audit.user.id', { id: entry.userId })}
        </span>
      </div>
    );
  const accountCell = (entry: AuditEntry) => (entry.siteId === null ? '—' : (sites.find((site) => site.id === entry.siteId)?.name ?? `#${entry.siteId}`));
  const actionCell = (entry: AuditEntry) => (
    <span data-action={entry.action} title={entry.action}>
      {actionLabel(entry.action, t, has)}
    </span>
  );
  const targetCell = (entry: AuditEntry) => (entry.target === null ? '—' : <code className="text-sm">{entry.target}</code>);
  const requestCell = (entry: AuditEntry) => (
    <span className="flex align-items-center gap-1 white-space-nowrap">
      <Tag value={entry.method} severity="info" />
      <Tag value={String(entry.status)} severity={entry.status < 300 ? 'success' : 'warning'} />
    </span>
  );

  const details = (entry: AuditEntry) => {
    const pairs = Object.entries(entry.details);
    return (
      <div className="px-3 py-2" data-testid="audit-details">
        <h3 className="text-base mt-0 mb-2">{t('audit.details.title', { id: entry.id })}</h3>
        <dl className="grid m-0 text-sm">
          <dt className="col-4 md:col-3 font-semibold text-700">{t('audit.details.url')}</dt>
          <dd className="col-8 md:col-9 m-0" style={{ wordBreak: 'break-all' }}>
            <code>
              {entry.method} {entry.url}
            </code>
          </dd>
          <dt className="col-4 md:col-3 font-semibold text-700">{t('audit.details.ip')}</dt>
          <dd className="col-8 md:col-9 m-0" data-detail="ip">
            {entry.ip ?? '—'}
          </dd>
          {pairs.map(([key, value]) => (
            <Fragment key={key}>
              <dt className="col-4 md:col-3 font-semibold text-700">{key}</dt>
              <dd className="col-8 md:col-9 m-0" data-detail={key}>
                {detailText(value)}
              </dd>
            </Fragment>
          ))}
        </dl>
        {pairs.length === 0 ? <p className="text-600 m-0 mt-1">{t('audit.details.none')}</p> : null}
      </div>
    );
  };

  return (
    <ResultsPanel
      label={t('audit.results')}
      testId="audit-entries"
      count={count}
      countText={loading && count === 0 ? t('audit.loading') : count === 0 ? t('audit.entries.none') : t('audit.entries', { start, end, count })}
      error={errorKey ? { text: t('audit.load-failed', { reason: t(errorKey) }), retryLabel: t('audit.retry'), onRetry: () => audit.send({ type: 'audit.refresh' }) } : null}
    >
      <DataTable
        value={list}
        dataKey="id"
        lazy
        paginator
        first={(page - 1) * limit}
        rows={limit}
        totalRecords={count}
        onPage={(event) => audit.send({ type: 'page.change', page: (event.page ?? 0) + 1 })}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
        loading={loading}
        loadingIcon={<i className="pi pi-spin pi-spinner" data-testid="audit-loading" aria-hidden />}
        expandedRows={expanded}
        onRowToggle={(event) => setExpanded(event.data as DataTableExpandedRows)}
        rowExpansionTemplate={details}
        emptyMessage={loading ? ' ' : t('audit.empty')}
        className="audit-table"
        size="small"
      >
        <Column expander style={{ width: '3rem' }} />
        <Column header={t('audit.column.time')} body={timeCell} style={{ width: '11rem' }} />
        <Column header={t('audit.column.user')} body={userCell} />
        <Column header={t('audit.column.account')} body={accountCell} />
        <Column header={t('audit.column.action')} body={actionCell} />
        <Column header={t('audit.column.target')} body={targetCell} />
        <Column header={t('audit.column.request')} body={requestCell} style={{ width: '9rem' }} />
      </DataTable>
    </ResultsPanel>
  );
}
