import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { Tag } from 'primereact/tag';
import { importFieldIds } from '../../../../contract/import.fields';
import { hoursDefaults, type FieldMapEntry } from '../../../../contract/import.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { hoursDefaultOf, needsHoursDefault, presetNameOf, presetSavedOf, proposalsOf, rowStatesOf, samplesOf } from '../../../machines/aed-import/aed-import.selectors';
import { AedImportActor } from './aed-import-actor';

/** The option standing for "ignored": '' (a null option value would come back as the whole option). */
const ignored = '';

/**
 * Step 2: one line per column with sample values: AED field (or ignored), why a field was proposed
 * from the values, and the primary key; the server's preset pre-fills it. A file without hours
 * asks what its new AEDs' hours are; the mapping can be kept under a name.
 */
export function MappingStep() {
  const { t } = useIntl();
  const actor = AedImportActor.useActorRef();
  const rows = AedImportActor.useSelector(rowStatesOf);
  const samples = AedImportActor.useSelector(samplesOf);
  const proposals = AedImportActor.useSelector(proposalsOf);
  const needsHours = AedImportActor.useSelector(needsHoursDefault);
  const hoursDefault = AedImportActor.useSelector(hoursDefaultOf);
  const presetName = AedImportActor.useSelector(presetNameOf);
  const presetSaved = AedImportActor.useSelector(presetSavedOf);
  const canSubmit = AedImportActor.useSelector((snapshot) => snapshot.can({ type: 'mapping.submit' }));
  const canPreset = AedImportActor.useSelector((snapshot) => snapshot.can({ type: 'mapping.preset' }));
  const canSavePreset = AedImportActor.useSelector((snapshot) => snapshot.can({ type: 'preset.save' }));
  const savingPreset = AedImportActor.useSelector((snapshot) => snapshot.matches({ mapping: 'savingPreset' }));
  const sending = AedImportActor.useSelector((snapshot) => snapshot.matches({ mapping: 'saving' }) || snapshot.matches({ mapping: 'starting' }));
  const options = [{ label: t('aedImport.mapping.ignored'), value: ignored }, ...importFieldIds.map((id) => ({ label: `${t(`import.field.${id}`)} (${id})`, value: id as string }))];
  const reasonOf = (row: FieldMapEntry) => proposals.find((proposal) => proposal.key === row.key && proposal.field === row.field)?.reason;
  return (
    <div className="flex flex-column gap-3" data-testid="mapping-step">
      <DataTable value={rows} dataKey="key" size="small">
        <Column field="column" header={t('aedImport.mapping.column')} />
        <Column
          header={t('aedImport.mapping.samples')}
          body={(row: FieldMapEntry) => (
            <small className="import-samples" data-testid={`samples-${row.key}`}>
              {(samples[row.key] ?? []).join(' · ')}
            </small>
          )}
        />
        <Column
          header={t('aedImport.mapping.field')}
          body={(row: FieldMapEntry) => {
            const reason = reasonOf(row);
            return (
              <div className="flex align-items-center gap-2 flex-wrap">
                <Dropdown
                  aria-label={t('aedImport.mapping.fieldOf', { column: row.column })}
                  value={row.field ?? ignored}
                  options={options}
                  placeholder={t('aedImport.mapping.ignored')}
                  filter
                  data-field={row.field ?? ''}
                  onChange={(event) => actor.send({ type: 'mapping.field', key: row.key, field: typeof event.value === 'string' && event.value !== ignored ? event.value : null })}
                />
                {reason && <Tag severity="info" value={t(`import.reason.${reason}`)} data-reason={reason} />}
              </div>
            );
          }}
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
      {needsHours && (
        <div className="flex flex-column gap-2" data-testid="hours-default">
          <Message severity="warn" text={t('aedImport.hours.missing')} />
          {hoursDefaults.map((value) => (
            <div key={value} className="flex align-items-center gap-2">
              <RadioButton inputId={`hours-${value}`} name="hoursDefault" checked={hoursDefault === value} onChange={() => actor.send({ type: 'mapping.hoursDefault', value })} />
              <label htmlFor={`hours-${value}`}>{t(`aedImport.hours.${value}`)}</label>
            </div>
          ))}
        </div>
      )}
      <div className="flex gap-2 flex-wrap">
        <Button label={t('aedImport.back')} icon="pi pi-arrow-left" severity="secondary" outlined onClick={() => actor.send({ type: 'step.back' })} />
        {canPreset && <Button label={t('aedImport.mapping.preset')} icon="pi pi-refresh" severity="secondary" outlined onClick={() => actor.send({ type: 'mapping.preset' })} />}
        <Button data-testid="ignore-unproposed" label={t('aedImport.mapping.ignoreUnproposed')} icon="pi pi-eye-slash" severity="secondary" outlined onClick={() => actor.send({ type: 'mapping.ignoreUnproposed' })} />
        <Button data-testid="import-process" label={t('aedImport.mapping.process')} icon="pi pi-play" disabled={!canSubmit} loading={sending} onClick={() => actor.send({ type: 'mapping.submit' })} />
      </div>
      {!canSubmit && !sending && <small>{t('aedImport.mapping.needKey')}</small>}
      <div className="flex gap-2 align-items-center flex-wrap">
        <label htmlFor="import-preset-name">{t('aedImport.presetSave.name')}</label>
        <InputText id="import-preset-name" value={presetName} onChange={(event) => actor.send({ type: 'preset.name', name: event.target.value })} />
        <Button data-testid="preset-save" label={t('aedImport.presetSave.save')} icon="pi pi-save" severity="secondary" disabled={!canSavePreset} loading={savingPreset} onClick={() => actor.send({ type: 'preset.save' })} />
        {presetSaved && <small data-testid="preset-saved">{t('aedImport.presetSave.saved', { name: presetName.trim() })}</small>}
      </div>
    </div>
  );
}
