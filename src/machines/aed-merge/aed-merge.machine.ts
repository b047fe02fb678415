import { assertEvent, assign, setup } from 'xstate';
import { aedErrorKeys } from '../../../contract/aed.errors';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import type { MergeInfo, MergeResult } from '../../../contract/aed-merge.schemas';
import { aedMergeActors } from './aed-merge.actors';
import { chosenValues, distinctUdids, emptyChoices, proposedChoices } from './aed-merge.rules';
import type { AedMergeContext, AedMergeEvent, AedMergeInput, MergeCall, MergeWarning } from './aed-merge.types';

type Outcome<T> = { ok: true; data: T } | { ok: false; key: string; status?: number };
const dataOf = <T>(outcome: Outcome<T>) => (outcome as { data: T }).data;
const keyOf = (outcome: Outcome<unknown>, fallback: string) => (outcome.ok ? fallback : outcome.key);

function mergeCall(context: AedMergeContext, confirmEmpty: boolean): MergeCall {
  return {
    preferredUdid: context.preferredUdid,
    mergedUdids: context.udids.filter((udid) => udid !== context.preferredUdid),
    values: context.info ? chosenValues(context.info, context.choices) : {},
    confirmEmpty,
  };
}

/**
 * Merge of duplicate AEDs (spec §2, §5): two or more AEDs side by side, one receiving the others;
 * a value is chosen per field (the server's proposal first); an empty chosen value asks for
 * confirmation before the merge; the server may still answer with warnings, which ask the same.
 */
export const aedMergeMachine = setup({
  types: {} as { context: AedMergeContext; events: AedMergeEvent; input: AedMergeInput },
  actors: aedMergeActors,
  guards: {
    enoughAeds: ({ context }) => context.udids.length >= 2,
    succeeded: (_, params: { outcome: Outcome<unknown> }) => params.outcome.ok,
    merged: (_, params: { outcome: Outcome<MergeResult> }) => params.outcome.ok && params.outcome.data.merged,
    hasEmptyChoice: ({ context }) => context.info !== null && emptyChoices(context.info, context.choices).length > 0,
    isInMerge: ({ context, event }) => (event.type === 'merge.prefer' || event.type === 'merge.choose') && context.udids.includes(event.udid),
  },
  actions: {
    keepInfo: assign((_, params: { info: MergeInfo }) => ({ info: params.info, preferredUdid: params.info.preferredUdid, choices: proposedChoices(params.info), errorKey: null, warnings: [] })),
    keepError: assign((_, params: { key: string }) => ({ errorKey: params.key })),
    open: assign(({ event }) => {
      assertEvent(event, 'merge.open');
      const udids = distinctUdids(event.udids);
      return { udids, preferredUdid: udids[0] ?? '', info: null, choices: {}, warnings: [], errorKey: null, mergedUdid: null };
    }),
    prefer: assign(({ event }) => {
      assertEvent(event, 'merge.prefer');
      return { preferredUdid: event.udid };
    }),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'merge.choose');
      return { choices: { ...context.choices, [event.field]: event.udid } };
    }),
    warnEmpty: assign(({ context }) => ({ warnings: context.info ? emptyChoices(context.info, context.choices) : [] })),
    keepServerWarnings: assign((_, params: { warnings: MergeWarning[] }) => ({ warnings: params.warnings })),
    clearWarnings: assign({ warnings: [], errorKey: null }),
    keepMerged: assign((_, params: { result: MergeResult }) => ({ mergedUdid: params.result.udid, errorKey: null })),
    announce: (_, params: { type: 'success' | 'error'; key: string }) => notify({ type: params.type, key: params.key, life: params.type === 'error' ? 6000 : 3000 }),
  },
}).createMachine({
  id: 'aedMerge',
  context: ({ input }) => {
    const udids = distinctUdids(input.udids);
    return { udids, lang: input.lang, preferredUdid: udids[0] ?? '', info: null, choices: {}, warnings: [], errorKey: null, mergedUdid: null };
  },
  initial: 'checking',
  // Another set of AEDs (the page address changed): start again with it.
  on: { 'merge.open': { target: '.checking', actions: 'open' } },
  states: {
    checking: {
      always: [{ guard: 'enoughAeds', target: 'loading' }, { target: 'tooFew', actions: { type: 'keepError', params: { key: aedErrorKeys.mergeTooFew } } }],
    },
    // Spec §5: a merge needs at least two AEDs.
    tooFew: { meta: observe({ messages: ['error.aed.merge-too-few'], disabled: ['aed.merge.submit'], absent: ['merge-table'] }) },
    loading: {
      meta: observe({ disabled: ['aed.merge.submit'], calls: ['aed.mergeInfo'] }),
      tags: ['busy'],
      invoke: {
        src: 'loadInfo',
        input: ({ context }) => ({ preferredUdid: context.preferredUdid, others: context.udids.filter((udid) => udid !== context.preferredUdid), lang: context.lang }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'choosing', actions: { type: 'keepInfo', params: ({ event }) => ({ info: dataOf(event.output) }) } },
          { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output, aedErrorKeys.load) }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: { key: aedErrorKeys.load } } },
      },
    },
    loadFailed: {
      meta: observe({ enabled: ['aed.common.retry'], disabled: ['aed.merge.submit'], absent: ['merge-table'] }),
      on: { 'merge.retry': 'loading' },
    },
    choosing: {
      meta: observe({ shown: ['merge-table'], enabled: ['aed.merge.submit'], absent: ['merge-warnings'] }),
      on: {
        'merge.choose': { guard: 'isInMerge', actions: 'choose' },
        'merge.prefer': { guard: 'isInMerge', target: 'loading', actions: 'prefer' },
        'merge.submit': [
          { guard: 'hasEmptyChoice', target: 'confirmingEmpty', actions: 'warnEmpty' },
          { target: 'merging', actions: 'clearWarnings' },
        ],
      },
    },
    // A chosen value is empty: the merged AED would lose it. The user confirms or goes back.
    confirmingEmpty: {
      meta: observe({ shown: ['merge-table', 'merge-warnings'], enabled: ['aed.merge.confirm-go', 'aed.merge.confirm-back'], messages: ['warning.aed.merge-empty-value'] }),
      on: {
        'merge.confirm': 'mergingConfirmed',
        'merge.cancel': { target: 'choosing', actions: 'clearWarnings' },
      },
    },
    merging: {
      meta: observe({ disabled: ['aed.merge.submit'], absent: ['merge-warnings'], calls: ['aed.mergeAeds'] }),
      tags: ['busy'],
      invoke: {
        src: 'merge',
        input: ({ context }) => mergeCall(context, false),
        onDone: [
          {
            guard: { type: 'merged', params: ({ event }) => ({ outcome: event.output }) },
            target: 'merged',
            actions: [{ type: 'keepMerged', params: ({ event }) => ({ result: dataOf(event.output) }) }, { type: 'announce', params: { type: 'success', key: 'aed.merge.done' } }],
          },
          {
            // The server found an empty chosen value the screen did not know of.
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'confirmingEmpty',
            actions: { type: 'keepServerWarnings', params: ({ event }) => ({ warnings: dataOf(event.output).warnings }) },
          },
          { target: 'choosing', actions: [{ type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output, 'error.aed.merge') }) }, { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, 'error.aed.merge') }) }] },
        ],
        onError: { target: 'choosing', actions: { type: 'keepError', params: { key: 'error.aed.merge' } } },
      },
    },
    mergingConfirmed: {
      meta: observe({ disabled: ['aed.merge.submit'], absent: ['merge-warnings'], calls: ['aed.mergeAeds'] }),
      tags: ['busy'],
      invoke: {
        src: 'merge',
        input: ({ context }) => mergeCall(context, true),
        onDone: [
          {
            guard: { type: 'merged', params: ({ event }) => ({ outcome: event.output }) },
            target: 'merged',
            actions: [{ type: 'keepMerged', params: ({ event }) => ({ result: dataOf(event.output) }) }, { type: 'announce', params: { type: 'success', key: 'aed.merge.done' } }],
          },
          { target: 'choosing', actions: [{ type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output, 'error.aed.merge') }) }, { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, 'error.aed.merge') }) }] },
        ],
        onError: { target: 'choosing', actions: { type: 'keepError', params: { key: 'error.aed.merge' } } },
      },
    },
    // Done: the screen opens the merged AED.
    merged: { meta: observe({ absent: ['aed-merge'], calls: ['aed.getAed'] }) },
  },
});
