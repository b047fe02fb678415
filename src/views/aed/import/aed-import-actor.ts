import { createActorContext } from '@xstate/react';
import { aedImportMachine } from '../../../machines/aed-import/aed-import.machine';
import { inspected } from '../../../services/inspection';

/** The import screen's actor (one per visit of /aed/import). */
export const AedImportActor = createActorContext(aedImportMachine, inspected);
