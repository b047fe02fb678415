import { Button } from 'primereact/button';
import { FileUpload, type FileUploadSelectEvent } from 'primereact/fileupload';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { importLimits, type ImportFileResult } from '../../../../contract/import.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { isUploading, nameOf, uploadOf } from '../../../machines/aed-import/aed-import.selectors';
import { AedImportActor } from './aed-import-actor';

/** Step 1: drop or choose the file, read its header and preview, name the import. */
export function ImportStep() {
  const { t } = useIntl();
  const actor = AedImportActor.useActorRef();
  const upload = AedImportActor.useSelector(uploadOf);
  const name = AedImportActor.useSelector(nameOf);
  const uploading = AedImportActor.useSelector(isUploading);
  const canCreate = AedImportActor.useSelector((snapshot) => snapshot.can({ type: 'import.create' }));
  const creating = AedImportActor.useSelector((snapshot) => snapshot.matches({ importing: 'creating' }));
  const onSelect = (event: FileUploadSelectEvent) => {
    const file = event.files[0];
    if (file) actor.send({ type: 'file.choose', file });
  };
  return (
    <div className="flex flex-column gap-3" data-testid="import-step">
      <FileUpload
        name="file"
        customUpload
        auto
        mode="advanced"
        accept=".csv,.xlsx,.xls,.ods"
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
          {upload.preset && <p className="m-0" data-preset={upload.preset.id}>{t('aedImport.file.preset', { preset: t(`import.preset.${upload.preset.id}`) })}</p>}
          <FilePreview header={upload.header.map((cell) => cell.value)} rows={upload.preview} />
        </div>
      )}
      <label htmlFor="aed-import-name">{t('aedImport.name')}</label>
      <InputText id="aed-import-name" value={name} onChange={(event) => actor.send({ type: 'import.name', name: event.target.value })} />
      <div>
        <Button data-testid="import-next" label={t('aedImport.next')} icon="pi pi-arrow-right" iconPos="right" disabled={!canCreate} loading={creating} onClick={() => actor.send({ type: 'import.create' })} />
      </div>
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
