import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import type { CallOutcome } from '../../../../contract/charts/callback.chart';
import { DateTimeField } from '../../../components/date-field';
import { useIntl } from '../../../i18n/intl-provider';
import { allowedOutcomesOf, needsRecallDate, problemsOf } from '../../../machines/citizen-form/citizen-form.selectors';
import { CitizenFormActor } from '../citizen-form-actor';
import { Field } from './form-controls';

const callOutcomes: CallOutcome[] = ['done', 'noAnswer', 'recall', 'recallFragile'];

/** Recall: what this call gave (interview done, no answer, a recall with a date in the future — spec §5). */
export function RecallSection() {
  const { t } = useIntl();
  const form = CitizenFormActor.useActorRef();
  const outcome = CitizenFormActor.useSelector((snapshot) => snapshot.context.outcome);
  const recallAt = CitizenFormActor.useSelector((snapshot) => snapshot.context.recallAt);
  const note = CitizenFormActor.useSelector((snapshot) => snapshot.context.note);
  const allowed = CitizenFormActor.useSelector(allowedOutcomesOf);
  const problems = CitizenFormActor.useSelector(problemsOf);
  const withDate = CitizenFormActor.useSelector(needsRecallDate);
  return (
    <section className="form-section surface-card border-round-xl shadow-1" aria-labelledby="section-recall">
      <h2 id="section-recall">
        <i className="pi pi-phone" aria-hidden /> {t('interview.section.recall')}
      </h2>
      <fieldset className="outcome-choices">
        <legend>{t('interview.outcome.legend')}</legend>
        {callOutcomes.map((value) => (
          <label key={value} className={`outcome-choice${outcome === value ? ' is-chosen' : ''}${allowed.includes(value) ? '' : ' is-disabled'}`} htmlFor={`outcome-${value}`}>
            <RadioButton inputId={`outcome-${value}`} name="outcome" value={value} checked={outcome === value} disabled={!allowed.includes(value)} onChange={() => form.send({ type: 'outcome.choose', outcome: value })} />
            <span>
              <strong>{t(`interview.outcome.${value}`)}</strong>
              <small>{t(`interview.outcome.${value}.hint`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {problems.outcome ? (
        <small className="p-error" role="alert">
          {t('interview.outcome.required')}
        </small>
      ) : null}
      <div className="form-grid mt-3">
        {withDate ? (
          <Field id="interview-recallAt" label={t('interview.field.recallAt')} error={problems.recallAt ?? null}>
            <DateTimeField
              inputId="interview-recallAt"
              value={recallAt}
              showIcon
              stepMinute={15}
              min="now"
              invalid={Boolean(problems.recallAt)}
              onChange={(at) => form.send({ type: 'recall.choose', recallAt: at })}
            />
          </Field>
        ) : null}
        <Field id="interview-note" label={t('interview.field.note')} wide>
          <InputTextarea id="interview-note" value={note} rows={2} autoResize onChange={(event) => form.send({ type: 'note.change', note: event.target.value })} />
        </Field>
      </div>
    </section>
  );
}

/** Refusal: the responder refuses to be contacted about this intervention. */
export function RefusalSection() {
  const { t } = useIntl();
  const form = CitizenFormActor.useActorRef();
  const outcome = CitizenFormActor.useSelector((snapshot) => snapshot.context.outcome);
  const allowed = CitizenFormActor.useSelector(allowedOutcomesOf);
  return (
    <section className="form-section form-section--refusal surface-card border-round-xl shadow-1" aria-labelledby="section-refusal">
      <h2 id="section-refusal">
        <i className="pi pi-ban" aria-hidden /> {t('interview.section.refusal')}
      </h2>
      <div className="flex align-items-start gap-2">
        <RadioButton inputId="outcome-refusal" name="outcome" value="refusal" checked={outcome === 'refusal'} disabled={!allowed.includes('refusal')} onChange={() => form.send({ type: 'outcome.choose', outcome: 'refusal' })} />
        <label htmlFor="outcome-refusal">
          <strong>{t('interview.outcome.refusal')}</strong>
          <br />
          <small className="text-600">{t('interview.outcome.refusal.hint')}</small>
        </label>
      </div>
    </section>
  );
}
