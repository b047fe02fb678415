import type { SnapshotFrom } from 'xstate';
import type { PolicySummary } from '../../../contract/simulation.schemas';
import type { simulatorMachine } from './simulator.machine';

type SimulatorSnapshot = SnapshotFrom<typeof simulatorMachine>;

export const formOf = (snapshot: SimulatorSnapshot) => snapshot.context.form;
export const runsOf = (snapshot: SimulatorSnapshot) => snapshot.context.runs;
export const runOf = (snapshot: SimulatorSnapshot) => snapshot.context.run;
export const errorKeyOf = (snapshot: SimulatorSnapshot) => snapshot.context.errorKey;
export const isBusy = (snapshot: SimulatorSnapshot) => snapshot.hasTag('busy');
export const canStart = (snapshot: SimulatorSnapshot) => snapshot.can({ type: 'run.start' });

/** The two policies' figures of the run on screen, once done. */
export function comparisonOf(snapshot: SimulatorSnapshot): { current: PolicySummary; proposed: PolicySummary } | null {
  const results = snapshot.context.run?.status === 'done' ? snapshot.context.run.results : null;
  return results ? { current: results.current, proposed: results.proposed } : null;
}
