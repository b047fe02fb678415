import { createActorContext } from '@xstate/react';
import { aedListMachine } from '../../machines/aed-list/aed-list.machine';
import { inspected } from '../../services/inspection';

/** The AED list screen's actor (one per visit of /aed/list), read with `AedListActor.useSelector`. */
export const AedListActor = createActorContext(aedListMachine, inspected);
