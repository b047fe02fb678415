import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import type { SimulationPolicy } from '../../../../contract/simulation.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { canStart, formOf, isBusy } from '../../../machines/simulator/simulator.selectors';
import { Panel } from '../../dashboard/parts/panel';
import { SimulatorActor } from '../simulator-actor';

type NumberField = Exclude<keyof SimulationPolicy, 'escalation'>;
type EscalationField = Exclude<keyof SimulationPolicy['escalation'], 'enabled'>;

const policyFields: Array<{ field: NumberField; decimals: number }> = [
  { field: 'radiusKm', decimals: 2 },
  { field: 'maxSelected', decimals: 0 },
  { field: 'directResponders', decimals: 0 },
  { field: 'aedRunners', decimals: 0 },
  { field: 'aedRadiusKm', decimals: 2 },
];
const escalationFields: Array<{ field: EscalationField; decimals: number }> = [
  { field: 'minAccepted', decimals: 0 },
  { field: 'afterSeconds', decimals: 0 },
  { field: 'stepKm', decimals: 2 },
  { field: 'maxKm', decimals: 2 },
];

/** The period, the seed and the proposed policy; the current one is the alert settings of the moment. */
export function SimulationForm() {
  const { t } = useIntl();
  const simulator = SimulatorActor.useActorRef();
  const form = SimulatorActor.useSelector(formOf);
  const busy = SimulatorActor.useSelector(isBusy);
  const mayStart = SimulatorActor.useSelector(canStart);
  const number = (id: string, label: string, value: number, decimals: number, change: (value: number) => void, disabled = false) => (
    <div className="dash-toolbar__field" key={id}>
      <label htmlFor={id}>{label}</label>
      <InputNumber inputId={id} value={value} minFractionDigits={0} maxFractionDigits={decimals} min={0} disabled={disabled} onValueChange={(event) => change(Number(event.value ?? 0))} />
    </div>
  );
  return (
    <Panel title={t('simulator.form.title')} icon="pi-sliders-h" testId="simulation-form">
      <div className="dash-toolbar__group simulator-form">
        <div className="dash-toolbar__field">
          <label htmlFor="simulation-start">{t('simulator.form.start')}</label>
          <InputText id="simulation-start" type="date" value={form.startDate} onChange={(event) => simulator.send({ type: 'form.change', changes: { startDate: event.target.value } })} />
        </div>
        <div className="dash-toolbar__field">
          <label htmlFor="simulation-end">{t('simulator.form.end')}</label>
          <InputText id="simulation-end" type="date" value={form.endDate} onChange={(event) => simulator.send({ type: 'form.change', changes: { endDate: event.target.value } })} />
        </div>
        {number('simulation-seed', t('simulator.form.seed'), form.seed, 0, (seed) => simulator.send({ type: 'form.change', changes: { seed } }))}
      </div>
      <div className="dash-toolbar__group simulator-form">
        {policyFields.map(({ field, decimals }) => number(`simulation-${field}`, t(`simulator.policy.${field}`), form.proposed[field], decimals, (value) => simulator.send({ type: 'policy.change', changes: { [field]: value } })))}
      </div>
      <div className="dash-toolbar__group simulator-form">
        <div className="dash-toolbar__field simulator-form__check">
          <Checkbox inputId="simulation-escalation" checked={form.proposed.escalation.enabled} onChange={(event) => simulator.send({ type: 'escalation.change', changes: { enabled: Boolean(event.checked) } })} />
          <label htmlFor="simulation-escalation">{t('simulator.policy.escalation')}</label>
        </div>
        {escalationFields.map(({ field, decimals }) =>
          number(`simulation-escalation-${field}`, t(`simulator.escalation.${field}`), form.proposed.escalation[field], decimals, (value) => simulator.send({ type: 'escalation.change', changes: { [field]: value } }), !form.proposed.escalation.enabled),
        )}
      </div>
      <Button type="button" icon="pi pi-play" label={t('simulator.form.run')} loading={busy} disabled={!mayStart} data-testid="run-simulation" onClick={() => simulator.send({ type: 'run.start' })} />
    </Panel>
  );
}
