import { assign, setup } from 'xstate';
import { errorKeys } from '../../../contract/errors';
import { observe } from '../observations';
import { renewPasswordActors } from './renew-password.actors';
import type { RenewOutcome, RenewPasswordContext, RenewPasswordEvent, RenewPasswordInput } from './renew-password.types';

const keyOf = (outcome: RenewOutcome) => (outcome.ok ? errorKeys.serverError : outcome.key);

/** Password renewal from a mailed link: the token and user id are verified first, then the new password is set. */
export const renewPasswordMachine = setup({
  types: {} as { context: RenewPasswordContext; events: RenewPasswordEvent; input: RenewPasswordInput },
  actors: renewPasswordActors,
  guards: {
    succeeded: (_, params: { outcome: RenewOutcome }) => params.outcome.ok,
    linkIsDead: (_, params: { outcome: RenewOutcome }) => !params.outcome.ok && params.outcome.key === errorKeys.tokenNotFound,
  },
  actions: {
    fail: assign((_, params: { key: string }) => ({ errorKey: params.key })),
    clearError: assign({ errorKey: null }),
  },
}).createMachine({
  id: 'renewPassword',
  context: ({ input }) => ({ ...input, errorKey: null }),
  initial: 'verifying',
  states: {
    verifying: {
      tags: ['busy'],
      meta: observe({ messages: ['auth.renew.checking'], calls: ['password.verifyResetToken'] }),
      invoke: {
        src: 'verifyLink',
        input: ({ context }) => ({ token: context.token, idUser: context.idUser }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'editing' },
          { target: 'invalidLink', actions: { type: 'fail', params: ({ event }) => ({ key: keyOf(event.output) }) } },
        ],
        onError: { target: 'invalidLink', actions: { type: 'fail', params: { key: errorKeys.serverError } } },
      },
    },
    invalidLink: { meta: observe({ messages: ['auth.renew.ask-new-link'], absent: ['new-password-form'] }) },
    editing: {
      meta: observe({ shown: ['new-password-form'], enabled: ['auth.password.submit'] }),
      on: { 'renew.submit': 'renewing' },
    },
    renewing: {
      tags: ['busy'],
      meta: observe({ disabled: ['auth.password.submit'], calls: ['password.renewPassword'] }),
      entry: 'clearError',
      invoke: {
        src: 'renew',
        input: ({ context, event }) => ({
          token: context.token ?? '',
          idUser: context.idUser ?? 0,
          password: event.type === 'renew.submit' ? event.password : '',
          idSite: context.idSite,
          baseUrl: context.baseUrl,
        }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'renewed' },
          {
            guard: { type: 'linkIsDead', params: ({ event }) => ({ outcome: event.output }) },
            target: 'invalidLink',
            actions: { type: 'fail', params: ({ event }) => ({ key: keyOf(event.output) }) },
          },
          { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ key: keyOf(event.output) }) } },
        ],
        onError: { target: 'editing', actions: { type: 'fail', params: { key: errorKeys.serverError } } },
      },
    },
    renewed: { type: 'final', meta: observe({ messages: ['auth.renew.done.title', 'auth.renew.done.text'], absent: ['new-password-form'] }) },
  },
});
