import { assign, setup } from 'xstate';
import { observe } from '../observations';
import { forgotPasswordActors } from './forgot-password.actors';
import type { ForgotOutcome, ForgotPasswordContext, ForgotPasswordEvent, ForgotPasswordInput } from './forgot-password.types';

/** Forgot password: an email is sent a renewal link; the page then confirms the mail was sent. */
export const forgotPasswordMachine = setup({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent; input: ForgotPasswordInput },
  actors: forgotPasswordActors,
  guards: {
    sent: (_, params: { outcome: ForgotOutcome }) => params.outcome.ok,
  },
  actions: {
    keepEmail: assign((_, params: { email: string }) => ({ email: params.email, errorKey: null })),
    fail: assign((_, params: { key: string }) => ({ errorKey: params.key })),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ ...input, email: '', errorKey: null }),
  initial: 'editing',
  states: {
    editing: {
      meta: observe({ shown: ['forgot-password-form'], messages: ['auth.reset.intro'], enabled: ['auth.reset.submit'] }),
      on: { 'forgot.submit': { target: 'sending', actions: { type: 'keepEmail', params: ({ event }) => ({ email: event.email }) } } },
    },
    sending: {
      tags: ['busy'],
      meta: observe({ disabled: ['auth.reset.submit'], calls: ['password.forgotPassword'] }),
      invoke: {
        src: 'sendResetMail',
        input: ({ context }) => ({ email: context.email, baseUrl: context.baseUrl, idSite: context.idSite }),
        onDone: [
          { guard: { type: 'sent', params: ({ event }) => ({ outcome: event.output }) }, target: 'sent' },
          { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ key: event.output.ok ? 'error.server' : event.output.key }) } },
        ],
        onError: { target: 'editing', actions: { type: 'fail', params: { key: 'error.server' } } },
      },
    },
    sent: {
      meta: observe({ messages: ['auth.reset.sent.title', 'auth.reset.sent.text'], absent: ['forgot-password-form'] }),
      on: { 'forgot.restart': 'editing' },
    },
  },
});
