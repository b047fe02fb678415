import { createActorContext } from '@xstate/react';
import { alertMachine } from '../../machines/alert/alert.machine';
import { inspected } from '../../services/inspection';

/** The alert call screen's actor (one per visit of /alert/call), read with `AlertActor.useSelector`. */
export const AlertActor = createActorContext(alertMachine, inspected);
