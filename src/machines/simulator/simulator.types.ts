import type { SimulationBody, SimulationPolicy, SimulationRun } from '../../../contract/simulation.schemas';
import type { Result } from '../../services/http';

/** What the analyst sets: the period, the seed and the proposed policy. */
export type SimulationForm = Pick<SimulationBody, 'startDate' | 'endDate' | 'seed'> & { proposed: SimulationPolicy };

export interface SimulatorContext {
  form: SimulationForm;
  /** The runs kept, newest first (parameters only). */
  runs: SimulationRun[];
  /** The run on screen: the one started, or one picked from the list. */
  run: SimulationRun | null;
  /** Message key of the last failure; what is shown stays. */
  errorKey: string | null;
}

export type SimulatorEvent =
  | { type: 'form.change'; changes: Partial<SimulationForm> }
  | { type: 'policy.change'; changes: Partial<SimulationPolicy> }
  | { type: 'escalation.change'; changes: Partial<SimulationPolicy['escalation']> }
  /** Starts a run of the form; a durable job replays it, the screen follows it until done. */
  | { type: 'run.start' }
  /** Opens a kept run. */
  | { type: 'run.open'; runId: number }
  | { type: 'runs.refresh' };

export type RunOutcome = Result<SimulationRun>;
export type RunsOutcome = Result<SimulationRun[]>;
