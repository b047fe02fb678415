import { fromPromise } from 'xstate';
import type { SimulationRun } from '../../../contract/simulation.schemas';
import { getSimulation, listSimulations, startSimulation } from '../../services/simulation.api';
import type { RunOutcome, RunsOutcome, SimulationForm } from './simulator.types';

/** The simulator's I/O; tests replace them with `.provide({ actors })`. */
export const simulatorActors = {
  loadRuns: fromPromise<RunsOutcome>(({ signal }) => listSimulations(signal)),
  startRun: fromPromise<RunOutcome, SimulationForm>(({ input, signal }) => startSimulation(input, signal)),
  loadRun: fromPromise<RunOutcome, { runId: number }>(({ input, signal }) => getSimulation(input.runId, signal)),
};

/** Whether a run is still waiting for its job or running. */
export const isUnderWay = (run: SimulationRun | null) => run !== null && (run.status === 'queued' || run.status === 'running');
