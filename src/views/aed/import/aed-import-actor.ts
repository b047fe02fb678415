import { createActorContext } from '@xstate/react';
import { aedImportMachine } from '../../../machines/aed-import/aed-import.machine';

/** The import screen's actor (one per visit of /aed/import). */
export const AedImportActor = createActorContext(aedImportMachine);
