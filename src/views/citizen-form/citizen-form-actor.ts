import { createActorContext } from '@xstate/react';
import { citizenFormMachine } from '../../machines/citizen-form/citizen-form.machine';

/** The post-intervention form's actor (one per responder and visit). */
export const CitizenFormActor = createActorContext(citizenFormMachine);
