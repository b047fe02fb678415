import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { importFieldIds } from '../../../../contract/import.fields';
import type { FieldMapEntry } from '../../../../contract/import.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { rowStatesOf } from '../../../machines/aed-import/aed-import.selectors';
import { AedImportActor } from './aed-import-actor';

/** Step 2: one line per column: AED field (or ignored) and the primary key; the server's preset pre-fills it. */
export function MappingStep() {
  const { t } = useIntl();
  const actor = AedImportActor.useActorRef();
  const rows = AedImportActor.useSelector(rowStatesOf);
  const canSubmit = AedImportActor.useSelector((snapshot) => snapshot.can({ type: 'mapping.submit' }));
  const canPreset = AedImportActor.useSelector((snapshot) => snapshot.can({ type: 'mapping.preset' }));
  const sending = AedImportActor.useSelector((snapshot) => snapshot.matches({ mapping: 'saving' }) || snapshot.matches({ mapping: 'starting' }));
  const options = [{ label: t('aedImport.mapping.ignored'), value: null as string | null }, ...importFieldIds.map((id) => ({ label: `${t(`import.field.${id}`)} (${id})`, value: id as string | null }))];
  return (
    <div className="flex flex-column gap-3" data-testid="mapping-step">
      <DataTable value={rows} dataKey="key" size="small">
        <Column field="column" header={t('aedImport.mapping.column')} />
        <Column
          header={t('aedImport.mapping.field')}
          body={(row: FieldMapEntry) => (
            <Dropdown
              aria-label={t('aedImport.mapping.fieldOf', { column: row.column })}
              value={row.field}
              options={options}
              placeholder={t('aedImport.mapping.ignored')}
              filter
              onChange={(event) => actor.send({ type: 'mapping.field', key: row.key, field: (event.value as string | null) ?? null })}
            />
          )}
        />
        <Column
          header={t('aedImport.mapping.primaryKey')}
          body={(row: FieldMapEntry) => (
            <RadioButton
              inputId={`pk-${row.key}`}
              aria-label={t('aedImport.mapping.primaryKeyOf', { column: row.column })}
              name="primaryKey"
              checked={row.primaryKey}
              disabled={row.field === null}
              onChange={() => actor.send({ type: 'mapping.primaryKey', key: row.key })}
            />
          )}
        />
      </DataTable>
      <div className="flex gap-2">
        <Button label={t('aedImport.back')} icon="pi pi-arrow-left" severity="secondary" outlined onClick={() => actor.send({ type: 'step.back' })} />
        {canPreset && <Button label={t('aedImport.mapping.preset')} icon="pi pi-refresh" severity="secondary" outlined onClick={() => actor.send({ type: 'mapping.preset' })} />}
        <Button data-testid="import-process" label={t('aedImport.mapping.process')} icon="pi pi-play" disabled={!canSubmit} loading={sending} onClick={() => actor.send({ type: 'mapping.submit' })} />
      </div>
      {!canSubmit && !sending && <small>{t('aedImport.mapping.needKey')}</small>}
    </div>
  );
}
