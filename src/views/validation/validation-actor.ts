import { createActorContext } from '@xstate/react';
import { responderValidationMachine } from '../../machines/responder-validation/responder-validation.machine';
import { inspected } from '../../services/inspection';

/** The responder validation screen's actor (one per visit of /firstResponder/validation). */
export const ValidationActor = createActorContext(responderValidationMachine, inspected);
