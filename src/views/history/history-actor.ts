import { createActorContext } from '@xstate/react';
import { historyMachine } from '../../machines/history/history.machine';

/** The alert history screen's actor (one per visit of /alert/history). */
export const HistoryActor = createActorContext(historyMachine);
