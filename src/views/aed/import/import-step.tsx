import { Button } from 'primereact/button';
import { FileUpload, type FileUploadSelectEvent } from 'primereact/fileupload';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { importLimits, type ImportFileResult, type ImportRun } from '../../../../contract/import.schemas';
import { formatDateTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { accountsOf, idSiteOf, isUploading, nameOf, pastRunsOf, uploadOf } from '../../../machines/aed-import/aed-import.selectors';
import { AedImportActor } from './aed-import-actor';

/** Step 1: the target account, the file (header, preview, shape warnings), the import's name; past runs to reopen. */
export function ImportStep() {
  const { t } = useIntl();
  const actor = AedImportActor.useActorRef();
  const upload = AedImportActor.useSelector(uploadOf);
  const name = AedImportActor.useSelector(nameOf);
  const uploading = AedImportActor.useSelector(isUploading);
  const canCreate = AedImportActor.useSelector((snapshot) => snapshot.can({ type: 'import.create' }));
  const creating = AedImportActor.useSelector((snapshot) => snapshot.matches({ importing: 'creating' }));
  const accounts = AedImportActor.useSelector(accountsOf);
  const idSite = AedImportActor.useSelector(idSiteOf);
  const onSelect = (event: FileUploadSelectEvent) => {
    const file = event.files[0];
    if (file) actor.send({ type: 'file.choose', file });
  };
  return (
    <div className="flex flex-column gap-3" data-testid="import-step">
      <label htmlFor="aed-import-account">{t('aedImport.account')}</label>
      <Dropdown
        inputId="aed-import-account"
        value={idSite}
        options={accounts.map((account) => ({ label: account.name, value: account.id }))}
        onChange={(event) => actor.send({ type: 'import.account', idSite: Number(event.value) })}
        placeholder={t('aedImport.account')}
        className="w-full md:w-30rem"
      />
      <FileUpload
        name="file"
        customUpload
        auto
        mode="advanced"
        accept=".csv,.tsv,.txt,.xlsx,.xls,.ods,.json,.geojson"
        maxFileSize={importLimits.maxFileBytes}
        chooseLabel={t('aedImport.file.choose')}
        uploadHandler={() => undefined}
        onSelect={onSelect}
        disabled={uploading}
        emptyTemplate={<p className="m-0">{t('aedImport.file.drop')}</p>}
      />
      {uploading && <p>{t('aedImport.file.reading')}</p>}
      {upload && (
        <div data-testid="import-file-summary">
          <p className="m-0" data-rows={upload.numRows}>{t('aedImport.file.summary', { name: upload.originalName, rows: upload.numRows, columns: upload.header.length })}</p>
          {upload.preset && (
            <p className="m-0" data-preset={upload.preset.id}>
              {t('aedImport.file.preset', { preset: upload.preset.name ? `${t('import.preset.saved')} « ${upload.preset.name} »` : t(`import.preset.${upload.preset.id}`) })}
            </p>
          )}
          {upload.warnings.map((warning) => (
            <Message key={warning} severity="warn" text={t(`import.file.warning.${warning}`)} data-warning={warning} className="mt-2" />
          ))}
          <FilePreview header={upload.header.map((cell) => cell.value)} rows={upload.preview} />
        </div>
      )}
      <label htmlFor="aed-import-name">{t('aedImport.name')}</label>
      <InputText id="aed-import-name" value={name} onChange={(event) => actor.send({ type: 'import.name', name: event.target.value })} />
      <div>
        <Button data-testid="import-next" label={t('aedImport.next')} icon="pi pi-arrow-right" iconPos="right" disabled={!canCreate} loading={creating} onClick={() => actor.send({ type: 'import.create' })} />
      </div>
      <PastRuns />
    </div>
  );
}

/** Runs already made in the user's accounts, with their state and counts; one opens on its step. */
function PastRuns() {
  const { t, locale } = useIntl();
  const actor = AedImportActor.useActorRef();
  const runs = AedImportActor.useSelector(pastRunsOf);
  if (runs.length === 0) return null;
  return (
    <div data-testid="past-imports">
      <h3 className="mb-2">{t('aedImport.past.title')}</h3>
      <DataTable value={runs} dataKey="idImport" size="small" paginator rows={10}>
        <Column field="name" header={t('aedImport.name')} />
        <Column field="originalName" header={t('aedImport.past.file')} />
        <Column header={t('aedImport.past.date')} body={(run: ImportRun) => formatDateTime(run.createdAt, locale)} />
        <Column header={t('aedImport.rowStatus')} body={(run: ImportRun) => <span data-state={run.state}>{t(`aedImport.state.${run.state}`)}</span>} />
        <Column header={t('aedImport.past.counts')} body={(run: ImportRun) => t('aedImport.counts', { ...run.counts })} />
        <Column
          body={(run: ImportRun) => (
            <Button size="small" text icon="pi pi-folder-open" label={t('aedImport.past.open')} onClick={() => actor.send({ type: 'import.open', idImport: run.idImport })} />
          )}
        />
      </DataTable>
    </div>
  );
}

/** The first rows of the file as the server read them, under its header, so a wrong delimiter or encoding shows at once. */
function FilePreview({ header, rows }: { header: string[]; rows: ImportFileResult['preview'] }) {
  const { t } = useIntl();
  return (
    <DataTable value={rows} dataKey="row" size="small" scrollable className="mt-2" data-testid="import-preview">
      <Column field="row" header={t('aedImport.row')} frozen />
      {header.map((title, index) => (
        <Column key={`${index}-${title}`} header={title} body={(row: ImportFileResult['preview'][number]) => row.cells[index] ?? ''} />
      ))}
    </DataTable>
  );
}
