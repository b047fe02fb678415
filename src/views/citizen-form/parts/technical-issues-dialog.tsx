import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { interviewChoices, type TechnicalIssues } from '../../../../contract/interview.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { isIssuesModalOpen, technicalIssuesOf } from '../../../machines/citizen-form/citizen-form.selectors';
import { CitizenFormActor } from '../citizen-form-actor';
import { Field } from './form-controls';

/** The technical-issues modal (spec §2): what went wrong with the app, and on which phone system. */
export function TechnicalIssuesDialog() {
  const { t } = useIntl();
  const form = CitizenFormActor.useActorRef();
  const open = CitizenFormActor.useSelector(isIssuesModalOpen);
  const saved = CitizenFormActor.useSelector(technicalIssuesOf);
  const [draft, setDraft] = useState<TechnicalIssues>(saved);
  useEffect(() => {
    if (open) setDraft(saved);
  }, [open, saved]);
  const toggle = (kind: TechnicalIssues['kinds'][number], on: boolean) => setDraft({ ...draft, kinds: on ? [...draft.kinds, kind] : draft.kinds.filter((item) => item !== kind) });
  return (
    <Dialog
      header={t('interview.issues.title')}
      visible={open}
      onHide={() => form.send({ type: 'issues.close' })}
      style={{ width: 'min(40rem, 94vw)' }}
      data-testid="issues-dialog"
      footer={
        <div className="flex justify-content-end gap-2">
          <Button type="button" label={t('interview.issues.cancel')} text onClick={() => form.send({ type: 'issues.close' })} />
          <Button type="button" label={t('interview.issues.save')} icon="pi pi-check" onClick={() => form.send({ type: 'issues.save', technicalIssues: draft })} />
        </div>
      }
    >
      <fieldset className="issue-kinds">
        <legend>{t('interview.issues.kinds')}</legend>
        {interviewChoices.technicalIssue.map((kind) => (
          <div key={kind} className="flex align-items-center gap-2">
            <Checkbox inputId={`issue-${kind}`} checked={draft.kinds.includes(kind)} onChange={(event) => toggle(kind, Boolean(event.checked))} />
            <label htmlFor={`issue-${kind}`}>{t(`interview.technicalIssue.${kind}`)}</label>
          </div>
        ))}
      </fieldset>
      <div className="form-grid mt-3">
        <Field id="issue-os" label={t('interview.issues.phoneOs')}>
          <Dropdown inputId="issue-os" value={draft.phoneOs} showClear placeholder={t('interview.choose')} options={interviewChoices.phoneOs.map((value) => ({ value, label: t(`interview.phoneOs.${value}`) }))} onChange={(event) => setDraft({ ...draft, phoneOs: (event.value as TechnicalIssues['phoneOs'] | undefined) ?? null })} />
        </Field>
        <Field id="issue-model" label={t('interview.issues.phoneModel')}>
          <InputText id="issue-model" value={draft.phoneModel} onChange={(event) => setDraft({ ...draft, phoneModel: event.target.value })} />
        </Field>
        <Field id="issue-description" label={t('interview.issues.description')} wide>
          <InputTextarea id="issue-description" rows={3} autoResize value={draft.description} onChange={(event) => setDraft({ ...draft, description: event.target.value })} />
        </Field>
      </div>
    </Dialog>
  );
}
