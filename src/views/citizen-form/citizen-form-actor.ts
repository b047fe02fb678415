import { createActorContext } from '@xstate/react';
import { citizenFormMachine } from '../../machines/citizen-form/citizen-form.machine';
import { inspected } from '../../services/inspection';

/** The post-intervention form's actor (one per responder and visit). */
export const CitizenFormActor = createActorContext(citizenFormMachine, inspected);
