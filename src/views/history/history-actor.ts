import { createActorContext } from '@xstate/react';
import { historyMachine } from '../../machines/history/history.machine';
import { inspected } from '../../services/inspection';

/** The alert history screen's actor (one per visit of /alert/history). */
export const HistoryActor = createActorContext(historyMachine, inspected);
