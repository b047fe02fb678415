import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { formatDateTime } from '../../i18n/dates';
import { useIntl } from '../../i18n/intl-provider';
import { canAsk, countOf, limitOf, pageOf, phaseOf, respondersOf, selectionOf } from '../../machines/responder-validation/responder-validation.selectors';
import type { WaitingResponder } from '../../services/validation.api';
import { ValidationActor } from './validation-actor';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const trainedSeverity: Record<string, 'success' | 'warning' | null> = { trained: 'success', trainedWithoutDiploma: 'warning', untrained: null };

/**
 * Validate and refuse on a row, offered as the chart allows now. A component of its own: the table
 * keeps a row's cells while its responder is the same, so a list loaded again with the same
 * responders left the buttons as they were during the load (disabled).
 */
function RowActions({ id }: { id: number }) {
  const { t } = useIntl();
  const validation = ValidationActor.useActorRef();
  const mayAsk = ValidationActor.useSelector(canAsk);
  const ask = (status: 'activated' | 'refused') => validation.send({ type: 'validation.ask', request: { status, ids: [id] } });
  return (
    <div className="notif-row-actions">
      <Button type="button" icon="pi pi-check" rounded text severity="success" size="small" aria-label={t('validation.activate.action')} tooltip={t('validation.activate.action')} tooltipOptions={{ position: 'top' }} disabled={!mayAsk} data-testid="responder-validate" onClick={() => ask('activated')} />
      <Button type="button" icon="pi pi-times" rounded text severity="danger" size="small" aria-label={t('validation.refuse.action')} tooltip={t('validation.refuse.action')} tooltipOptions={{ position: 'top' }} disabled={!mayAsk} data-testid="responder-refuse" onClick={() => ask('refused')} />
    </div>
  );
}

/** The waiting responders, 20 per page, ticked for bulk actions, each with its diploma and its own validate and refuse. */
export function ValidationTable() {
  const { t, locale } = useIntl();
  const validation = ValidationActor.useActorRef();
  const responders = ValidationActor.useSelector(respondersOf, sameJson);
  const selection = ValidationActor.useSelector(selectionOf, sameJson);
  const count = ValidationActor.useSelector(countOf);
  const page = ValidationActor.useSelector(pageOf);
  const limit = ValidationActor.useSelector(limitOf);
  const phase = ValidationActor.useSelector(phaseOf);

  const nameBody = (responder: WaitingResponder) => (
    <div className="notif-cell-stack" data-testid="responder-row" data-id={responder.id}>
      <strong>
        {responder.firstName} {responder.lastName}
      </strong>
      <small>
        {[responder.age !== null ? t('validation.age', { age: responder.age }) : null, responder.gender ? t(`validation.gender.${responder.gender}`) : null].filter(Boolean).join(' · ') || '—'}
      </small>
    </div>
  );
  const contactBody = (responder: WaitingResponder) => (
    <div className="notif-cell-stack">
      <span>{responder.email}</span>
      <small>{responder.phone}</small>
    </div>
  );
  const trainingBody = (responder: WaitingResponder) => (
    <div className="notif-cell-stack">
      <Tag value={responder.trainedStatusLabel} severity={trainedSeverity[responder.trainedStatus] ?? null} rounded className={`trained-tag is-${responder.trainedStatus}`} />
      {responder.skill ? <small>{[responder.skill, responder.skillSpeciality].filter(Boolean).join(' · ')}</small> : null}
    </div>
  );
  const diplomaBody = (responder: WaitingResponder) =>
    responder.hasDiploma ? (
      <Button type="button" icon="pi pi-id-card" label={t('validation.diploma.view')} size="small" text data-testid="diploma-open" onClick={() => validation.send({ type: 'diploma.open', id: responder.id })} />
    ) : (
      <small className="text-color-secondary">{t('validation.diploma.none')}</small>
    );
  const actionsBody = (responder: WaitingResponder) => <RowActions id={responder.id} />;
  const onPage = (event: DataTablePageEvent) => validation.send({ type: 'page.change', page: event.page ?? Math.floor(event.first / event.rows) });

  return (
    <DataTable
      value={responders}
      lazy
      dataKey="id"
      paginator
      first={page * limit}
      rows={limit}
      totalRecords={count}
      onPage={onPage}
      loading={phase === 'loading'}
      selectionMode="checkbox"
      selection={responders.filter((responder) => selection.includes(responder.id))}
      onSelectionChange={(event) => validation.send({ type: 'selection.change', ids: (event.value as WaitingResponder[]).map((responder) => responder.id) })}
      className="notif-table"
      emptyMessage={
        <span className="flex align-items-center gap-2">
          <i className="pi pi-check-circle text-green-600" aria-hidden /> {t('validation.list.empty')}
        </span>
      }
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
      currentPageReportTemplate={t('notification.list.report', { first: '{first}', last: '{last}', total: '{totalRecords}' })}
    >
      <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
      <Column header={t('validation.column.responder')} body={nameBody} />
      <Column header={t('validation.column.contact')} body={contactBody} />
      <Column header={t('validation.column.training')} body={trainingBody} />
      <Column header={t('validation.column.application')} body={(responder: WaitingResponder) => responder.siteName ?? '—'} />
      <Column header={t('validation.column.signedUp')} body={(responder: WaitingResponder) => formatDateTime(responder.createdAt, locale)} />
      <Column header={t('validation.column.diploma')} body={diplomaBody} />
      <Column header={t('notification.column.actions')} body={actionsBody} style={{ width: '7rem' }} />
    </DataTable>
  );
}
