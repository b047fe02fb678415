import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { interviewChoices } from '../../../../contract/interview.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { problemsOf } from '../../../machines/citizen-form/citizen-form.selectors';
import { CitizenFormActor } from '../citizen-form-actor';
import { ChoiceField, Field, NumberField, useAnswer, YesNoField, YesNoUnknownField } from './form-controls';

const at = (field: string) => ({ section: 'intervention', field }) as never;

/** Intervention: how the responder's intervention went (spec §3), with the massage-duration rule of spec §5. */
export function InterventionSection() {
  const { t } = useIntl();
  const problems = CitizenFormActor.useSelector(problemsOf);
  const [setOff] = useAnswer<boolean | null>(at('setOff'));
  const [aedPlaced] = useAnswer<boolean | null>(at('aedPlacedBeforeHelp'));
  const [massage] = useAnswer<string | null>(at('massageDuration'));
  const [address, setAddress] = useAnswer<string>(at('preciseAddress'));
  const [gestures, setGestures] = useAnswer<string[]>(at('gestureOnVictim'));
  const [notes, setNotes] = useAnswer<string>(at('notes'));
  const [interviewer, setInterviewer] = useAnswer<string>(at('interviewer'));
  return (
    <section className="form-section surface-card border-round-xl shadow-1" aria-labelledby="section-intervention">
      <h2 id="section-intervention">
        <i className="pi pi-directions-alt" aria-hidden /> {t('interview.section.intervention')}
      </h2>
      <h3 className="form-subtitle">{t('interview.subsection.departure')}</h3>
      <div className="form-grid">
        <ChoiceField path={at('initialPosition')} choices="initialPosition" label={t('interview.field.initialPosition')} />
        <Field id="interview-preciseAddress" label={t('interview.field.preciseAddress')} wide>
          <InputText id="interview-preciseAddress" value={address} onChange={(event) => setAddress(event.target.value)} />
        </Field>
        <YesNoField path={at('emergencyServicesMember')} label={t('interview.field.emergencyServicesMember')} />
        <NumberField path={at('distance')} label={t('interview.field.distance')} suffix=" m" max={100000} />
        <YesNoField path={at('setOff')} label={t('interview.field.setOff')} />
        {setOff === false ? <ChoiceField path={at('refusalCause')} choices="refusalCause" label={t('interview.field.refusalCause')} /> : null}
        <ChoiceField path={at('meansOfTravel')} choices="meansOfTravel" label={t('interview.field.meansOfTravel')} />
        <ChoiceField path={at('arrived')} choices="arrived" label={t('interview.field.arrived')} />
        <YesNoField path={at('calledByOperator')} label={t('interview.field.calledByOperator')} />
      </div>
      <h3 className="form-subtitle">{t('interview.subsection.victim')}</h3>
      <div className="form-grid">
        <YesNoField path={at('sawVictim')} label={t('interview.field.sawVictim')} />
        <YesNoUnknownField path={at('victimInCardiacArrest')} label={t('interview.field.victimInCardiacArrest')} />
        <YesNoUnknownField path={at('victimTransportedAlive')} label={t('interview.field.victimTransportedAlive')} />
        <YesNoField path={at('activeWitness')} label={t('interview.field.activeWitness')} />
        <Field id="interview-gestureOnVictim" label={t('interview.field.gestureOnVictim')} wide>
          <MultiSelect
            inputId="interview-gestureOnVictim"
            value={gestures}
            display="chip"
            options={interviewChoices.gestureOnVictim.map((value) => ({ value, label: t(`interview.gestureOnVictim.${value}`) }))}
            placeholder={t('interview.choose')}
            onChange={(event) => setGestures(event.value as string[])}
          />
        </Field>
      </div>
      <h3 className="form-subtitle">{t('interview.subsection.aed')}</h3>
      <div className="form-grid">
        <YesNoField path={at('aedPlacedBeforeHelp')} label={t('interview.field.aedPlacedBeforeHelp')} />
        {aedPlaced ? <ChoiceField path={at('aedOrigin')} choices="aedOrigin" label={t('interview.field.aedOrigin')} /> : null}
        <NumberField path={at('noFlowDuration')} label={t('interview.field.noFlowDuration')} suffix=" min" max={120} />
        <YesNoUnknownField path={at('shockDelivered')} label={t('interview.field.shockDelivered')} />
        <NumberField path={at('aedAnalysisCycles')} label={t('interview.field.aedAnalysisCycles')} max={50} />
        <ChoiceField path={at('massageDuration')} choices="massageDuration" label={t('interview.field.massageDuration')} />
        {massage === 'other' ? (
          <NumberField
            path={at('massageDurationOther')}
            label={t('interview.field.massageDurationOther')}
            suffix=" min"
            max={600}
            hint={t('interview.field.massageDurationOther.hint')}
            error={problems['intervention.massageDurationOther'] ?? null}
          />
        ) : null}
      </div>
      <h3 className="form-subtitle">{t('interview.subsection.notes')}</h3>
      <div className="form-grid">
        <Field id="interview-notes" label={t('interview.field.notes')} wide>
          <InputTextarea id="interview-notes" value={notes} rows={3} autoResize onChange={(event) => setNotes(event.target.value)} />
        </Field>
        <Field id="interview-interviewer" label={t('interview.field.interviewer')} wide>
          <InputText id="interview-interviewer" value={interviewer} onChange={(event) => setInterviewer(event.target.value)} />
        </Field>
      </div>
    </section>
  );
}
