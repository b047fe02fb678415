import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { Link } from 'react-router-dom';
import type { ImportRowResult } from '../../../../contract/import.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { busyRowOf, isDownloading, isRunning, nameColumnOf, pagingOf, progressOf, rowsOf, runOf } from '../../../machines/aed-import/aed-import.selectors';
import { importRowsPerPage } from '../../../machines/aed-import/aed-import.types';
import { AedImportActor } from './aed-import-actor';

const severity: Record<ImportRowResult['status'], 'success' | 'info' | 'warning' | 'danger' | undefined> = {
  pending: undefined,
  inserted: 'success',
  updated: 'success',
  unchanged: 'info',
  deleted: 'info',
  duplicate: 'warning',
  failed: 'danger',
};

/** Step 3: the server run's progress, the counts, then every row with its result, retry, force and download. */
export function ProcessingStep() {
  const { t } = useIntl();
  const actor = AedImportActor.useActorRef();
  const run = AedImportActor.useSelector(runOf);
  const rows = AedImportActor.useSelector(rowsOf);
  const running = AedImportActor.useSelector(isRunning);
  const progress = AedImportActor.useSelector(progressOf);
  const paging = AedImportActor.useSelector(pagingOf);
  const busyRow = AedImportActor.useSelector(busyRowOf);
  const downloading = AedImportActor.useSelector(isDownloading);
  const snapshot = AedImportActor.useSelector((s) => s);
  const nameColumn = AedImportActor.useSelector(nameColumnOf);
  if (!run) return null;
  return (
    <div className="flex flex-column gap-3" data-testid="processing-step">
      <div>
        <p className="m-0 mb-2" data-state={run.state}>{t(`aedImport.state.${run.state}`)} — {t('aedImport.progress', { processed: run.processed, total: run.total })}</p>
        <ProgressBar value={progress} mode={running && run.total === 0 ? 'indeterminate' : 'determinate'} aria-label={t('aedImport.progressLabel')} />
      </div>
      <p className="m-0" data-testid="import-counts" data-counts={JSON.stringify(run.counts)}>
        {t('aedImport.counts', { ...run.counts })}
      </p>
      <div className="flex gap-2 flex-wrap">
        {snapshot.can({ type: 'import.pause' }) && <Button label={t('aedImport.pause')} icon="pi pi-pause" severity="secondary" onClick={() => actor.send({ type: 'import.pause' })} />}
        {snapshot.can({ type: 'import.resume' }) && <Button label={t('aedImport.resume')} icon="pi pi-play" onClick={() => actor.send({ type: 'import.resume' })} />}
        {snapshot.can({ type: 'import.restart' }) && <Button label={t('aedImport.restart')} icon="pi pi-replay" severity="secondary" outlined onClick={() => actor.send({ type: 'import.restart' })} />}
        {snapshot.can({ type: 'results.download' }) && <Button data-testid="import-download" label={t('aedImport.download')} icon="pi pi-download" loading={downloading} onClick={() => actor.send({ type: 'results.download' })} />}
        {snapshot.can({ type: 'import.new' }) && !running && <Button label={t('aedImport.new')} icon="pi pi-plus" severity="secondary" text onClick={() => actor.send({ type: 'import.new' })} />}
      </div>
      {!running && (
        <DataTable
          value={rows}
          dataKey="row"
          size="small"
          lazy
          paginator
          rows={importRowsPerPage}
          first={(paging.page - 1) * importRowsPerPage}
          totalRecords={paging.count}
          onPage={(event) => actor.send({ type: 'rows.page', page: (event.page ?? 0) + 1 })}
          data-testid="import-rows"
        >
          <Column field="row" header={t('aedImport.row')} />
          <Column header={t('aedImport.rowName')} body={(row: ImportRowResult) => <span data-testid="row-name">{nameColumn >= 0 ? row.cells[nameColumn] : row.cells.slice(0, 3).join(' · ')}</span>} />
          <Column header={t('aedImport.rowStatus')} body={(row: ImportRowResult) => <Tag value={t(`aedImport.status.${row.status}`)} severity={severity[row.status]} data-status={row.status} />} />
          <Column header={t('aedImport.rowMessage')} body={(row: ImportRowResult) => <RowMessages row={row} />} />
          <Column
            header=""
            body={(row: ImportRowResult) => (
              <div className="flex gap-1">
                {snapshot.can({ type: 'row.retry', row: row.row }) && (
                  <Button data-testid="row-retry" size="small" text icon="pi pi-refresh" label={t('aedImport.retry')} loading={busyRow === row.row} onClick={() => actor.send({ type: 'row.retry', row: row.row })} />
                )}
                {snapshot.can({ type: 'row.force', row: row.row }) && (
                  <Button data-testid="row-force" size="small" text severity="warning" icon="pi pi-check" label={t('aedImport.force')} loading={busyRow === row.row} onClick={() => actor.send({ type: 'row.force', row: row.row })} />
                )}
              </div>
            )}
          />
        </DataTable>
      )}
    </div>
  );
}

type Details = {
  column?: string;
  value?: string;
  city?: string;
  row?: number;
  distance?: number;
  duplicates?: { udid: string; name: string; distance: number }[];
};

const metres = (distance: number | undefined) => (distance === undefined ? '' : `${Math.round(distance)} m`);

/**
 * What a row's messages say, with what makes them actionable: the column and value that could not
 * be read, the AED or row a potential duplicate matches and how far, the commune an address fell on.
 */
function RowMessages({ row }: { row: ImportRowResult }) {
  const { t } = useIntl();
  const details = (row.details ?? {}) as Details;
  const values = Object.fromEntries(Object.entries(details).filter(([, value]) => typeof value === 'string' || typeof value === 'number')) as Record<string, string | number>;
  return (
    <span data-message-keys={row.messages.join(' ')} className="flex flex-column gap-1">
      <span>{row.messages.map((key, index) => t(key, index === 0 ? values : {})).join(' ')}</span>
      {details.column !== undefined && details.value !== undefined && (
        <small data-testid="row-invalid">{t('aedImport.invalidCell', { column: details.column, value: details.value })}</small>
      )}
      {details.duplicates?.map((duplicate) => (
        <small key={duplicate.udid} data-testid="row-duplicate">
          <Link to={`/aed/form/update/${duplicate.udid}`}>{duplicate.name}</Link> · {metres(duplicate.distance)}
        </small>
      ))}
      {row.status === 'duplicate' && details.row !== undefined && <small data-testid="row-duplicate-row">{t('aedImport.duplicateRow', { row: details.row, distance: metres(details.distance) })}</small>}
    </span>
  );
}
