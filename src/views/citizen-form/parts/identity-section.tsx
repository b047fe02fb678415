import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { interviewChoices } from '../../../../contract/interview.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { ChoiceField, Field, NumberField, useAnswer } from './form-controls';

/** Identity: who the responder is (spec §3). */
export function IdentitySection() {
  const { t } = useIntl();
  const [category] = useAnswer<string | null>({ section: 'identity', field: 'professionalCategory' });
  const [other, setOther] = useAnswer<string>({ section: 'identity', field: 'professionalCategoryOther' });
  const [activity, setActivity] = useAnswer<string>({ section: 'identity', field: 'otherActivity' });
  const [massage, setMassage] = useAnswer<string | null>({ section: 'identity', field: 'earlierCardiacMassage' });
  return (
    <section className="form-section surface-card border-round-xl shadow-1" aria-labelledby="section-identity">
      <h2 id="section-identity">
        <i className="pi pi-id-card" aria-hidden /> {t('interview.section.identity')}
      </h2>
      <div className="form-grid">
        <NumberField path={{ section: 'identity', field: 'age' }} label={t('interview.field.age')} min={12} max={110} />
        <ChoiceField path={{ section: 'identity', field: 'gender' }} choices="gender" label={t('interview.field.gender')} />
        <ChoiceField path={{ section: 'identity', field: 'professionalCategory' }} choices="professionalCategory" label={t('interview.field.professionalCategory')} />
        {category === 'other' ? (
          <Field id="interview-professionalCategoryOther" label={t('interview.field.professionalCategoryOther')}>
            <InputText id="interview-professionalCategoryOther" value={other} onChange={(event) => setOther(event.target.value)} />
          </Field>
        ) : null}
        <Field id="interview-otherActivity" label={t('interview.field.otherActivity')} wide>
          <InputText id="interview-otherActivity" value={activity} placeholder={t('interview.field.otherActivity.placeholder')} onChange={(event) => setActivity(event.target.value)} />
        </Field>
        <ChoiceField path={{ section: 'identity', field: 'training' }} choices="training" label={t('interview.field.training')} />
        <Field id="interview-earlierCardiacMassage" label={t('interview.field.earlierCardiacMassage')}>
          <SelectButton
            id="interview-earlierCardiacMassage"
            value={massage}
            options={interviewChoices.earlierCardiacMassage.map((value) => ({ value, label: t(`interview.earlierCardiacMassage.${value}`) }))}
            onChange={(event) => setMassage((event.value as string | undefined) ?? null)}
          />
        </Field>
      </div>
    </section>
  );
}
