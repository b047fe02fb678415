import { createActorContext } from '@xstate/react';
import { extraInfosMachine } from '../../machines/extra-infos/extra-infos.machine';
import { layoutMachine } from '../../machines/layout/layout.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { inspected } from '../../services/inspection';

/** The session actor, shared by every view (read with `SessionActor.useSelector`, act with `useActorRef().send`). */
export const SessionActor = createActorContext(sessionMachine, inspected);

/** The layout actor: configurator panel and the settings it keeps. */
export const LayoutActor = createActorContext(layoutMachine, inspected);

/** What the app learned from getExtraInfos at start. */
export const ExtraInfosActor = createActorContext(extraInfosMachine, inspected);
