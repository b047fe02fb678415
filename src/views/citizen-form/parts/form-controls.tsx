import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { SelectButton } from 'primereact/selectbutton';
import type { ReactNode } from 'react';
import { interviewChoices } from '../../../../contract/interview.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import type { AnswerPath } from '../../../machines/citizen-form/citizen-form.types';
import { CitizenFormActor } from '../citizen-form-actor';

/** A labelled field with its message (spec §5) under it. */
export function Field({ id, label, error, wide, children, hint }: { id: string; label: string; error?: string | null; wide?: boolean; hint?: string; children: ReactNode }) {
  const { t } = useIntl();
  return (
    <div className={`form-field${wide ? ' form-field--wide' : ''}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error ? <small className="text-600">{hint}</small> : null}
      {error ? (
        <small className="p-error" id={`${id}-error`} role="alert">
          {t(error)}
        </small>
      ) : null}
    </div>
  );
}

/** The value of one answer and the function that changes it. */
export function useAnswer<T>(path: AnswerPath): [T, (value: T) => void] {
  const form = CitizenFormActor.useActorRef();
  const value = CitizenFormActor.useSelector((snapshot) => (snapshot.context.answers[path.section] as Record<string, unknown>)[path.field]) as T;
  return [value, (next: T) => form.send({ type: 'field.change', ...path, value: next } as never)];
}

type ChoiceKey = keyof typeof interviewChoices;

/** A list of choices of the form, labelled `interview.<choice>.<value>`. */
export function ChoiceField({ path, choices, label, exclude }: { path: AnswerPath; choices: ChoiceKey; label: string; exclude?: string[] }) {
  const { t } = useIntl();
  const [value, setValue] = useAnswer<string | null>(path);
  const id = `interview-${path.field}`;
  const options = interviewChoices[choices].filter((choice) => !exclude?.includes(choice)).map((choice) => ({ value: choice, label: t(`interview.${choices}.${choice}`) }));
  return (
    <Field id={id} label={label}>
      <Dropdown inputId={id} value={value} options={options} showClear placeholder={t('interview.choose')} onChange={(event) => setValue((event.value as string | undefined) ?? null)} />
    </Field>
  );
}

/** Yes, no, or not answered. */
export function YesNoField({ path, label }: { path: AnswerPath; label: string }) {
  const { t } = useIntl();
  const [value, setValue] = useAnswer<boolean | null>(path);
  const id = `interview-${path.field}`;
  return (
    <Field id={id} label={label}>
      <SelectButton
        id={id}
        value={value}
        options={[
          { value: true, label: t('interview.yes') },
          { value: false, label: t('interview.no') },
        ]}
        onChange={(event) => setValue((event.value as boolean | null | undefined) ?? null)}
      />
    </Field>
  );
}

/** Yes, no, unknown (the yesNoUnknown choices) as buttons. */
export function YesNoUnknownField({ path, label }: { path: AnswerPath; label: string }) {
  const { t } = useIntl();
  const [value, setValue] = useAnswer<string | null>(path);
  const id = `interview-${path.field}`;
  return (
    <Field id={id} label={label}>
      <SelectButton id={id} value={value} options={interviewChoices.yesNoUnknown.map((choice) => ({ value: choice, label: t(`interview.yesNoUnknown.${choice}`) }))} onChange={(event) => setValue((event.value as string | null | undefined) ?? null)} />
    </Field>
  );
}

/** A whole number with its unit. */
export function NumberField({ path, label, suffix, min = 0, max, error, hint }: { path: AnswerPath; label: string; suffix?: string; min?: number; max?: number; error?: string | null; hint?: string }) {
  const [value, setValue] = useAnswer<number | null>(path);
  const id = `interview-${path.field}`;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <InputNumber inputId={id} value={value} min={min} max={max} suffix={suffix} useGrouping={false} invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setValue(event.value ?? null)} />
    </Field>
  );
}
