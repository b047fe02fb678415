import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { validationErrors } from '../../../contract/validation.errors';
import { notify } from '../../services/notify';
import { releaseDiploma } from '../../services/validation.api';
import { observe } from '../observations';
import { responderValidationActors } from './responder-validation.actors';
import type { DiplomaOutcome, PageOutcome, PatchOutcome, ResponderValidationContext, ResponderValidationEvent, ResponderValidationInput, ValidationRequest } from './responder-validation.types';

/** Responders per page. */
export const validationPageSize = 20;

type Failure = { ok: false; key: string };
const dataOf = <T>(outcome: { ok: true; data: T } | Failure) => (outcome as { data: T }).data;
const keyOr = (outcome: { ok: boolean }, fallback: string) => (outcome.ok ? fallback : (outcome as Failure).key);

/** Whether a request takes in a responder. */
const covers = (request: ValidationRequest | null, id: number | null) => id !== null && request !== null && (request.all === true || (request.ids ?? []).includes(id));

/**
 * Validation of citizen responders (spec §2, §4 "Responder validation", §8): the waiting
 * responders page by page; validate or refuse one, the ticked ones or all, each after a
 * confirmation (a refusal names its reason, which the responder is told); the diploma shown from a blob (the call needs the JWT), released when closed.
 * Validated or refused responders leave the list, which is loaded again, a page back when the
 * action emptied a page above the first.
 */
export const responderValidationMachine = setup({
  types: {} as { context: ResponderValidationContext; events: ResponderValidationEvent; input: ResponderValidationInput },
  actors: responderValidationActors,
  guards: {
    succeeded: (_, params: { outcome: { ok: boolean } }) => params.outcome.ok,
    /** A request naming nobody is the "empty payload" of §8: it is not asked. */
    hasTargets: ({ event }) => {
      assertEvent(event, 'validation.ask');
      return event.request.all === true || (event.request.ids ?? []).length > 0;
    },
    /** An activation needs nothing more; a refusal needs a reason, and a note with `other` (the server says the same). */
    confirmable: ({ context, event }) => {
      assertEvent(event, 'validation.confirm');
      if (context.request?.status !== 'refused') return true;
      const refusal = event.refusal;
      return refusal !== undefined && (refusal.reason !== 'other' || (refusal.note ?? '').trim() !== '');
    },
    /** The action took every responder of a page above the first. */
    emptiesPage: ({ context }, params: { outcome: PatchOutcome }) =>
      params.outcome.ok && context.pages > 0 && (context.request?.all === true || context.list.every((responder) => covers(context.request, responder.id))),
  },
  actions: {
    keepPage: assign(({ context }, params: { outcome: PageOutcome }) => {
      const page = dataOf(params.outcome);
      return { list: page.list, count: page.count, errorKey: null, selection: context.selection.filter((id) => page.list.some((responder) => responder.id === id)) };
    }),
    keepListFailure: assign((_, params: { key: string }) => ({ errorKey: params.key })),
    changePage: assign(({ event }) => {
      assertEvent(event, 'page.change');
      return { pages: Math.max(0, event.page), selection: [] };
    }),
    changeSelection: assign(({ event }) => {
      assertEvent(event, 'selection.change');
      return { selection: event.ids };
    }),
    keepRequest: assign(({ event }) => {
      assertEvent(event, 'validation.ask');
      return { request: event.request };
    }),
    forgetRequest: assign({ request: null }),
    keepRefusal: assign(({ context, event }) => {
      assertEvent(event, 'validation.confirm');
      if (context.request?.status !== 'refused' || !event.refusal) return {};
      const note = event.refusal.note?.trim();
      return { request: { ...context.request, reason: event.refusal.reason, ...(note ? { note } : {}) } };
    }),
    stepBack: assign(({ context }) => ({ pages: Math.max(0, context.pages - 1) })),
    afterPatch: assign(({ context }) => ({ request: null, selection: context.selection.filter((id) => !covers(context.request, id)) })),
    /** The responders taken leave the list: their open diploma closes. */
    closeTakenDiploma: enqueueActions(({ context, enqueue }) => {
      if (covers(context.request, context.diplomaId)) enqueue.raise({ type: 'diploma.close' });
    }),
    keepDiplomaId: assign(({ event }) => {
      assertEvent(event, 'diploma.open');
      return { diplomaId: event.id, diploma: null };
    }),
    keepDiploma: assign((_, params: { outcome: DiplomaOutcome }) => ({ diploma: dataOf(params.outcome) })),
    /** Frees the blob of the diploma shown. */
    releaseDiploma: ({ context }) => {
      if (context.diploma) releaseDiploma(context.diploma.url);
    },
    forgetDiploma: assign({ diplomaId: null, diploma: null }),
    announceDone: (_, params: { outcome: PatchOutcome }) => {
      const done = dataOf(params.outcome);
      notify({ type: 'success', key: `validation.${done.status}.done`, values: { count: done.updated } });
    },
    announce: (_, params: { type: 'success' | 'error'; key: string; values?: Record<string, number> }) =>
      notify({ type: params.type, key: params.key, values: params.values, life: params.type === 'error' ? 5000 : undefined }),
  },
}).createMachine({
  id: 'responderValidation',
  context: ({ input }) => ({ lang: input.lang, list: [], count: 0, pages: 0, limit: validationPageSize, selection: [], errorKey: null, request: null, diplomaId: null, diploma: null }),
  type: 'parallel',
  meta: observe({ shown: ['responder-validation', 'waiting-count'] }),
  states: {
    list: {
      initial: 'loading',
      meta: observe({ enabled: ['notification.list.refresh'] }),
      states: {
        loading: {
          tags: ['loading'],
          meta: observe({ absent: ['validation-failed'], calls: ['validation.getDataValidationResponder'] }),
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ lang: context.lang, page: context.pages, limit: context.limit }),
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepPage', params: ({ event }) => ({ outcome: event.output }) } },
              { target: 'failed', actions: { type: 'keepListFailure', params: ({ event }) => ({ key: keyOr(event.output, validationErrors.list) }) } },
            ],
            onError: { target: 'failed', actions: { type: 'keepListFailure', params: { key: validationErrors.list } } },
          },
        },
        failed: { meta: observe({ shown: ['validation-failed'], enabled: ['notification.common.retry'] }), on: { 'list.reload': 'loading' } },
        ready: {
          meta: observe({ absent: ['validation-failed', 'validation-dialog'] }),
          on: {
            'list.reload': 'loading',
            'page.change': { target: 'loading', actions: 'changePage' },
            'selection.change': { actions: 'changeSelection' },
            'validation.ask': [
              { guard: 'hasTargets', target: 'confirming', actions: 'keepRequest' },
              { actions: { type: 'announce', params: { type: 'error', key: validationErrors.emptyPayload } } },
            ],
          },
        },
        // Validating or refusing is asked once more before it is done.
        confirming: {
          meta: observe({ shown: ['validation-dialog'], enabled: ['notification.common.cancel'] }),
          on: {
            'validation.confirm': { guard: 'confirmable', target: 'patching', actions: 'keepRefusal' },
            'validation.cancel': { target: 'ready', actions: 'forgetRequest' },
          },
        },
        patching: {
          tags: ['busy'],
          meta: observe({ shown: ['validation-dialog'], disabled: ['notification.common.cancel'], calls: ['validation.patchDataValidationResponder'] }),
          invoke: {
            src: 'patch',
            input: ({ context }) => context.request!,
            onDone: [
              {
                guard: { type: 'emptiesPage', params: ({ event }) => ({ outcome: event.output }) },
                target: 'loading',
                actions: [{ type: 'announceDone', params: ({ event }) => ({ outcome: event.output }) }, 'closeTakenDiploma', 'stepBack', 'afterPatch'],
              },
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'loading',
                actions: [{ type: 'announceDone', params: ({ event }) => ({ outcome: event.output }) }, 'closeTakenDiploma', 'afterPatch'],
              },
              { target: 'ready', actions: ['forgetRequest', { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOr(event.output, validationErrors.validate) }) }] },
            ],
            onError: { target: 'ready', actions: ['forgetRequest', { type: 'announce', params: { type: 'error', key: validationErrors.validate } }] },
          },
        },
      },
    },
    diploma: {
      initial: 'closed',
      meta: observe({ shown: ['responder-validation'] }),
      states: {
        closed: { meta: observe({ absent: ['diploma-viewer'] }), on: { 'diploma.open': { target: 'loading', actions: 'keepDiplomaId' } } },
        loading: {
          tags: ['diplomaLoading'],
          meta: observe({ shown: ['diploma-viewer'], absent: ['diploma-failed'], calls: ['validation.getDiploma'] }),
          on: { 'diploma.close': { target: 'closed', actions: 'forgetDiploma' }, 'diploma.open': { target: 'loading', reenter: true, actions: 'keepDiplomaId' } },
          invoke: {
            src: 'loadDiploma',
            input: ({ context }) => ({ id: context.diplomaId ?? 0 }),
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'showing', actions: { type: 'keepDiploma', params: ({ event }) => ({ outcome: event.output }) } },
              { target: 'failed', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOr(event.output, validationErrors.image) }) } },
            ],
            onError: { target: 'failed', actions: { type: 'announce', params: { type: 'error', key: validationErrors.image } } },
          },
        },
        showing: {
          meta: observe({ shown: ['diploma-viewer'], absent: ['diploma-failed'] }),
          exit: 'releaseDiploma',
          on: { 'diploma.close': { target: 'closed', actions: 'forgetDiploma' }, 'diploma.open': { target: 'loading', actions: 'keepDiplomaId' } },
        },
        failed: {
          meta: observe({ shown: ['diploma-viewer', 'diploma-failed'], messages: ['error.responder-validation.image'] }),
          on: { 'diploma.close': { target: 'closed', actions: 'forgetDiploma' }, 'diploma.open': { target: 'loading', actions: 'keepDiplomaId' } },
        },
      },
    },
  },
});
