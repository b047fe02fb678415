import '../dashboard/dashboard.css';
import { errorKeyOf } from '../../machines/simulator/simulator.selectors';
import { useIntl } from '../../i18n/intl-provider';
import { SimulationForm } from './parts/simulation-form';
import { SimulationResults } from './parts/simulation-results';
import { SimulationRuns } from './parts/simulation-runs';
import { SimulatorActor } from './simulator-actor';

/** The alert-policy simulator (Dashboards, analysts): a proposed policy replayed on past alerts beside the current one, and the runs kept. */
export default function SimulatorPage() {
  return (
    <SimulatorActor.Provider>
      <SimulatorScreen />
    </SimulatorActor.Provider>
  );
}

/** The simulator's screen inside a SimulatorActor provider (tests provide the actor). */
export function SimulatorScreen() {
  const { t } = useIntl();
  const errorKey = SimulatorActor.useSelector(errorKeyOf);
  return (
    <div className="dashboard-page" data-testid="simulator">
      {errorKey ? (
        <p className="dash-panel__error" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden /> {t(errorKey)}
        </p>
      ) : null}
      <SimulationForm />
      <SimulationResults />
      <SimulationRuns />
    </div>
  );
}
