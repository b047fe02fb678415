import { createActorContext } from '@xstate/react';
import { testersMachine } from '../../machines/testers/testers.machine';
import { inspected } from '../../services/inspection';

/** The tester management screen's actor (one per visit of /alert/testerManagement). */
export const TestersActor = createActorContext(testersMachine, inspected);
