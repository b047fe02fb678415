import { createActorContext } from '@xstate/react';
import { aedFormMachine } from '../../machines/aed-form/aed-form.machine';
import { inspected } from '../../services/inspection';

/** The AED form's actor (one per AED opened at /aed/form/update/:udid). */
export const AedFormActor = createActorContext(aedFormMachine, inspected);
