import { createActorContext } from '@xstate/react';
import { simulatorMachine } from '../../machines/simulator/simulator.machine';
import { inspected } from '../../services/inspection';

/** The alert-policy simulator screen's actor (one per visit of /dashboard/simulator). */
export const SimulatorActor = createActorContext(simulatorMachine, inspected);
