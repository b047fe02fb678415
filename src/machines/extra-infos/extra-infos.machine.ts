import { assign, setup } from 'xstate';
import { errorKeys } from '../../../contract/errors';
import { configureAnalytics } from '../../services/analytics';
import type { ExtraInfos } from '../../services/auth.api';
import { configureErrorReporting } from '../../services/error-reporting';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import { extraInfosActors } from './extra-infos.actors';
import type { ExtraInfosContext, ExtraInfosEvent, ExtraInfosInput, ExtraInfosOutcome } from './extra-infos.types';

/**
 * What the app learns before anyone signs in (getExtraInfos): third-party sign-in, the WebSocket
 * path and env, and the analytics and error-reporting addresses, which turn those adapters on.
 */
export const extraInfosMachine = setup({
  types: {} as { context: ExtraInfosContext; events: ExtraInfosEvent; input: ExtraInfosInput },
  actors: extraInfosActors,
  guards: {
    loaded: (_, params: { outcome: ExtraInfosOutcome }) => params.outcome.ok,
  },
  actions: {
    keepInfos: assign((_, params: { infos: ExtraInfos }) => ({ infos: params.infos })),
    configureAdapters: ({ context }) => {
      configureAnalytics(context.infos?.analyticsUrl ?? '');
      configureErrorReporting(context.infos?.errorReportingUrl ?? '');
    },
    announceFailure: () => notify({ type: 'error', key: errorKeys.extraInfos }),
  },
}).createMachine({
  id: 'extraInfos',
  context: ({ input }) => ({ infos: null, origin: input.origin }),
  initial: 'loading',
  states: {
    // Shown on the sign-in page: the failure there, with its retry.
    loading: {
      meta: observe({ absent: ['sign-in-infos-failed'], calls: ['auth.getExtraInfos'] }),
      invoke: {
        src: 'loadExtraInfos',
        input: ({ context }) => ({ origin: context.origin }),
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loaded',
            actions: [{ type: 'keepInfos', params: ({ event }) => ({ infos: (event.output as { data: ExtraInfos }).data }) }, 'configureAdapters'],
          },
          { target: 'failed', actions: 'announceFailure' },
        ],
        onError: { target: 'failed', actions: 'announceFailure' },
      },
    },
    loaded: { meta: observe({ absent: ['sign-in-infos-failed'] }) },
    failed: {
      meta: observe({ shown: ['sign-in-infos-failed'], enabled: ['auth.sign-in.infos-retry'], messages: ['error.signIn.getExtraInfos'] }),
      on: { 'extraInfos.retry': 'loading' },
    },
  },
});
