import { assertEvent, assign, setup } from 'xstate';
import { testerErrors } from '../../../contract/tester.errors';
import { testerSearchMinimum } from '../../../contract/tester.schemas';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import { testersActors } from './testers.actors';
import type { HitsOutcome, SubUnsubResult, TestersContext, TestersEvent, TestersOutcome } from './testers.types';

/** Quiet time after the last keystroke before the search is asked. */
export const testerSearchDelayMs = 300;

type Failure = { ok: false; key: string };
const dataOf = <T>(outcome: { ok: true; data: T } | Failure) => (outcome as { data: T }).data;
const keyOr = (outcome: { ok: boolean }, fallback: string) => (outcome.ok ? fallback : (outcome as Failure).key);

/** The testers after a subUnsub: the new one in name order, or the removed one gone. */
function testersAfter(context: TestersContext, result: SubUnsubResult) {
  const others = context.testers.filter((tester) => tester.udid !== result.udid);
  const testers = result.tester ? [...others, result.tester].sort((a, b) => a.name.localeCompare(b.name)) : others;
  const hits = context.hits.map((hit) => (hit.udid === result.udid ? { ...hit, isTester: result.result === 'added' } : hit));
  return { testers, hits };
}

/**
 * Tester management (spec §2, §5, §8): the testers' list; a search of responders' phones asked
 * only from 2 characters; add or remove a phone (subUnsub); the standard test notification to a
 * tester. Failures are the translated toasts of §8 (could not be added, removed, notified, listed).
 */
export const testersMachine = setup({
  types: {} as { context: TestersContext; events: TestersEvent },
  actors: testersActors,
  guards: {
    succeeded: (_, params: { outcome: { ok: boolean } }) => params.outcome.ok,
    searchable: ({ event }) => {
      assertEvent(event, 'search.change');
      return event.text.trim().length >= testerSearchMinimum;
    },
    typed: ({ event }) => {
      assertEvent(event, 'search.change');
      return event.text.trim().length > 0;
    },
    isTester: ({ context, event }) => {
      assertEvent(event, 'tester.notify');
      return context.testers.some((tester) => tester.udid === event.udid);
    },
    /** The phone of the running toggle is a tester: the toggle removes it. */
    removing: ({ context }) => context.testers.some((tester) => tester.udid === context.pending?.udid),
  },
  actions: {
    keepTesters: assign((_, params: { outcome: TestersOutcome }) => ({ testers: dataOf(params.outcome), errorKey: null })),
    keepListFailure: assign((_, params: { key: string }) => ({ errorKey: params.key })),
    keepSearch: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { search: event.text };
    }),
    clearHits: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { search: event.text, hits: [] };
    }),
    keepHits: assign((_, params: { outcome: HitsOutcome }) => ({ hits: params.outcome.ok ? params.outcome.data : [] })),
    keepPending: assign(({ event }) => {
      assertEvent(event, ['tester.toggle', 'tester.notify']);
      return { pending: { udid: event.udid, action: event.type === 'tester.toggle' ? ('toggle' as const) : ('notify' as const) } };
    }),
    forgetPending: assign({ pending: null }),
    applyToggle: assign(({ context }, params: { result: SubUnsubResult }) => ({ ...testersAfter(context, params.result), pending: null })),
    announce: (_, params: { type: 'success' | 'error'; key: string; values?: Record<string, string> }) =>
      notify({ type: params.type, key: params.key, values: params.values, life: params.type === 'error' ? 5000 : undefined }),
  },
  delays: { searchDelay: testerSearchDelayMs },
}).createMachine({
  id: 'testers',
  context: { testers: [], search: '', hits: [], errorKey: null, pending: null },
  type: 'parallel',
  meta: observe({ shown: ['tester-management', 'tester-search-hint'] }),
  states: {
    list: {
      initial: 'loading',
      meta: observe({ enabled: ['notification.list.refresh'] }),
      states: {
        loading: {
          tags: ['loading'],
          meta: observe({ absent: ['testers-failed'], calls: ['tester.getFilterTester'] }),
          invoke: {
            src: 'loadTesters',
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepTesters', params: ({ event }) => ({ outcome: event.output }) } },
              {
                target: 'failed',
                actions: [
                  { type: 'keepListFailure', params: ({ event }) => ({ key: keyOr(event.output, testerErrors.list) }) },
                  { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOr(event.output, testerErrors.list) }) },
                ],
              },
            ],
            onError: { target: 'failed', actions: [{ type: 'keepListFailure', params: { key: testerErrors.list } }, { type: 'announce', params: { type: 'error', key: testerErrors.list } }] },
          },
        },
        failed: { meta: observe({ shown: ['testers-failed'], enabled: ['notification.common.retry'] }), on: { 'testers.reload': 'loading' } },
        ready: {
          meta: observe({ absent: ['testers-failed'] }),
          on: {
            'testers.reload': 'loading',
            'tester.toggle': { target: 'toggling', actions: 'keepPending' },
            'tester.notify': { guard: 'isTester', target: 'notifying', actions: 'keepPending' },
          },
        },
        // The button pressed turns into a spinner (a row's remove or a hit's add).
        toggling: {
          tags: ['busy'],
          meta: observe({ calls: ['tester.subUnsub'] }),
          invoke: {
            src: 'toggle',
            input: ({ context }) => ({ udid: context.pending?.udid ?? '' }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'ready',
                actions: [
                  { type: 'announce', params: ({ event }) => ({ type: 'success' as const, key: dataOf(event.output).result === 'added' ? 'tester.add.done' : 'tester.remove.done' }) },
                  { type: 'applyToggle', params: ({ event }) => ({ result: dataOf(event.output) }) },
                ],
              },
              { guard: 'removing', target: 'ready', actions: ['forgetPending', { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOr(event.output, testerErrors.remove) }) }] },
              { target: 'ready', actions: ['forgetPending', { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOr(event.output, testerErrors.add) }) }] },
            ],
            onError: [
              { guard: 'removing', target: 'ready', actions: ['forgetPending', { type: 'announce', params: { type: 'error', key: testerErrors.remove } }] },
              { target: 'ready', actions: ['forgetPending', { type: 'announce', params: { type: 'error', key: testerErrors.add } }] },
            ],
          },
        },
        // Notifying is offered to testers only: their buttons wait meanwhile.
        notifying: {
          tags: ['busy'],
          meta: observe({ disabled: ['tester.notify.action'], calls: ['tester.notifForTester'] }),
          invoke: {
            src: 'notifyTester',
            input: ({ context }) => ({ udid: context.pending?.udid ?? '' }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'ready',
                actions: ['forgetPending', { type: 'announce', params: ({ event }) => ({ type: 'success' as const, key: dataOf(event.output).status === 'pending' ? 'tester.notify.pending' : 'tester.notify.done' }) }],
              },
              { target: 'ready', actions: ['forgetPending', { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOr(event.output, testerErrors.notify) }) }] },
            ],
            onError: { target: 'ready', actions: ['forgetPending', { type: 'announce', params: { type: 'error', key: testerErrors.notify } }] },
          },
        },
      },
    },
    // The phones to add, searched once the typing stops; under 2 characters nothing is asked.
    search: {
      initial: 'idle',
      meta: observe({ shown: ['tester-search-hint'] }),
      on: {
        'search.change': [
          // A new text waits again (the child is entered anew, its timer or search dropped). Not
          // `reenter`: re-entering the region re-entered the parallel root and asked the testers' list again.
          { guard: 'searchable', target: '.waiting', actions: 'keepSearch' },
          { guard: 'typed', target: '.tooShort', actions: 'clearHits' },
          { target: '.idle', actions: 'clearHits' },
        ],
      },
      states: {
        idle: { meta: observe({ absent: ['tester-searching'] }) },
        // Something is typed but under 2 characters: the server is not asked.
        tooShort: { meta: observe({ absent: ['tester-searching', 'tester-hit'] }) },
        waiting: { meta: observe({ shown: ['tester-searching'] }), after: { searchDelay: 'searching' } },
        searching: {
          tags: ['searching'],
          meta: observe({ shown: ['tester-searching'], calls: ['tester.search'] }),
          invoke: {
            src: 'search',
            input: ({ context }) => ({ filter: context.search.trim() }),
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'keepHits', params: ({ event }) => ({ outcome: event.output }) } },
              {
                target: 'idle',
                actions: [{ type: 'keepHits', params: ({ event }) => ({ outcome: event.output }) }, { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOr(event.output, testerErrors.list) }) }],
              },
            ],
            onError: { target: 'idle', actions: { type: 'announce', params: { type: 'error', key: testerErrors.list } } },
          },
        },
      },
    },
  },
});
