import { assertEvent, assign, setup } from 'xstate';
import { errorKeys } from '../../../contract/errors';
import { notificationErrors } from '../../../contract/notification.errors';
import type { NotificationItem } from '../../../contract/notification.schemas';
import type { Tester } from '../../../contract/tester.schemas';
import { notify, type NoticeType } from '../../services/notify';
import { notificationFormActors } from './notification-form.actors';
import {
  bodyOf,
  countable,
  emptyValues,
  errorsFromServer,
  maxFilterRows,
  newFilterRow,
  targetingFields,
  targetingOf,
  testBodyOf,
  testFailureKey,
  updateFilterRow,
  validateSave,
  validateTest,
  valuesOf,
} from './notification-form.rules';
import type { FieldErrors, ItemOutcome, NotificationFormContext, NotificationFormEvent, NotificationFormInput, PotentialOutcome, SaveIntent, SiteOption, TestOutcome } from './notification-form.types';

/** Quiet time after the last targeting change before the recipients are counted. */
export const countDelayMs = 600;
/** A single send's phone search, like the tester search, asks the server from 2 characters. */
export const searchMinimum = 2;

type Failure = { ok: false; key: string; details?: unknown };
const dataOf = <T>(outcome: { ok: true; data: T } | Failure) => (outcome as { data: T }).data;
const failureOf = (outcome: { ok: boolean }, fallback: string): Failure => (outcome.ok ? { ok: false, key: fallback } : (outcome as Failure));

/** Errors without the fields an edit touched (they are checked again on the next save). */
function without(errors: FieldErrors, fields: string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field) && !(fields.includes('filter') && field.startsWith('filter'))));
}

/** The success message of a save, from the status it led to. */
const savedKey = (item: NotificationItem) => (item.status === 'draft' ? 'notification.save.draft' : item.status === 'planned' ? 'notification.save.planned' : 'notification.save.sent');

/**
 * The notification add form (spec §2, §3 "Notification", §5), also used to edit a draft: every
 * field of §3, the structured targeting filter, the potential recipients counted as the targeting
 * changes, a phone search for a single send, the checks of §5 before a save (a draft never takes an
 * immediate distribution: the notification chart says so), and a test send to a tester. A failed
 * save keeps every entered value and shows the server's reasons on their fields.
 */
export const notificationFormMachine = setup({
  types: {} as { context: NotificationFormContext; events: NotificationFormEvent; input: NotificationFormInput },
  actors: notificationFormActors,
  guards: {
    hasDraft: ({ context }) => context.id !== null,
    succeeded: (_, params: { outcome: { ok: boolean } }) => params.outcome.ok,
    validFor: ({ context }, params: { intent: SaveIntent }) => Object.keys(validateSave(context.values, params.intent, context.status, context.potential)).length === 0,
    validForTest: ({ context }) => Object.keys(validateTest(context.values)).length === 0,
    isCountable: ({ context }) => countable(context.values),
    changesTargeting: ({ event }) => event.type !== 'form.change' || Object.keys(event.values).some((field) => (targetingFields as readonly string[]).includes(field)),
    searchable: ({ context, event }) => {
      assertEvent(event, 'udid.search');
      return event.text.trim().length >= searchMinimum && context.values.idSite !== null;
    },
    canAddRow: ({ context }) => context.values.filter.length < maxFilterRows,
  },
  actions: {
    keepSites: assign(({ context }, params: { sites: SiteOption[] }) => ({
      sites: params.sites,
      // One application only: it is the one.
      values: context.values.idSite === null && params.sites.length === 1 ? { ...context.values, idSite: params.sites[0]!.id } : context.values,
    })),
    keepTesters: assign((_, params: { testers: Tester[] }) => ({ testers: params.testers })),
    fillFromDraft: assign(({ context }, params: { item: NotificationItem }) => ({ values: valuesOf(params.item, context.values.idTester), status: 'draft' as const, errorKey: null })),
    keepDraftFailure: assign((_, params: { key: string }) => ({ errorKey: params.key })),
    resetForm: assign(({ context }) => ({ id: null, status: 'new' as const, errorKey: null, values: emptyValues(context.values.language) })),
    changeValues: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const fields = Object.keys(event.values);
      return { values: { ...context.values, ...event.values }, errors: without(context.errors, fields), testErrors: without(context.testErrors, fields) };
    }),
    addRow: assign(({ context }) => ({ values: { ...context.values, filter: [...context.values.filter, newFilterRow()] } })),
    updateRow: assign(({ context, event }) => {
      assertEvent(event, 'filter.update');
      const filter = context.values.filter.map((row, index) => (index === event.index ? updateFilterRow(row, event.row) : row));
      return { values: { ...context.values, filter }, errors: without(context.errors, [`filter.${event.index}`, 'filter']) };
    }),
    removeRow: assign(({ context, event }) => {
      assertEvent(event, 'filter.remove');
      // Row errors are by index: they are checked again on the next save.
      return { values: { ...context.values, filter: context.values.filter.filter((_, index) => index !== event.index) }, errors: without(context.errors, ['filter']) };
    }),
    chooseDevice: assign(({ context, event }) => {
      assertEvent(event, 'udid.choose');
      return { device: event.device, values: { ...context.values, udid: event.device?.udid ?? null }, errors: without(context.errors, ['udid']) };
    }),
    showErrors: assign(({ context }, params: { intent: SaveIntent }) => ({ errors: validateSave(context.values, params.intent, context.status, context.potential) })),
    showTestErrors: assign(({ context }) => ({ testErrors: validateTest(context.values) })),
    clearTestErrors: assign({ testErrors: {} }),
    keepIntent: assign((_, params: { intent: SaveIntent }) => ({ intent: params.intent, errors: {}, errorKey: null })),
    keepSaved: assign((_, params: { item: NotificationItem }) => ({ saved: params.item, id: params.item.id })),
    keepSaveFailure: assign((_, params: { failure: Failure }) => ({ errorKey: params.failure.key, errors: errorsFromServer(params.failure.key, params.failure.details) })),
    forgetPotential: assign({ potential: null, potentialKey: null }),
    keepPotential: assign((_, params: { outcome: PotentialOutcome }) => ({ potential: dataOf(params.outcome), potentialKey: null })),
    keepPotentialFailure: assign((_, params: { key: string }) => ({ potential: null, potentialKey: params.key })),
    keepSearch: assign(({ event }) => {
      assertEvent(event, 'udid.search');
      return { search: event.text };
    }),
    clearSearch: assign(({ event }) => {
      assertEvent(event, 'udid.search');
      return { search: event.text, hits: [] };
    }),
    keepHits: assign((_, params: { outcome: { ok: boolean } }) => ({ hits: params.outcome.ok ? dataOf(params.outcome as never) : [] })),
    keepTest: assign((_, params: { outcome: TestOutcome }) => ({ lastTest: dataOf(params.outcome) })),
    announce: (_, params: { type: NoticeType; key: string; values?: Record<string, string> }) =>
      notify({ type: params.type, key: params.key, values: params.values, life: params.type === 'error' ? 5000 : undefined }),
  },
  delays: { countDelay: countDelayMs },
}).createMachine({
  id: 'notificationForm',
  context: ({ input }) => ({
    values: emptyValues(input.language ?? null),
    errors: {},
    testErrors: {},
    id: input.id ?? null,
    status: 'new',
    sites: [],
    testers: [],
    potential: null,
    potentialKey: null,
    search: '',
    hits: [],
    device: null,
    errorKey: null,
    intent: null,
    saved: null,
    lastTest: null,
  }),
  invoke: [
    { src: 'loadSites', onDone: { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, actions: { type: 'keepSites', params: ({ event }) => ({ sites: dataOf(event.output) }) } } },
    // Without testers the test send offers none; saving still works.
    { src: 'loadTesters', onDone: { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, actions: { type: 'keepTesters', params: ({ event }) => ({ testers: dataOf(event.output) }) } } },
  ],
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasDraft', target: 'loadingDraft' }, { target: 'editing' }],
    },
    loadingDraft: {
      invoke: {
        src: 'loadDraft',
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'editing', actions: { type: 'fillFromDraft', params: ({ event }) => ({ item: dataOf(event.output) }) } },
          { target: 'draftFailed', actions: { type: 'keepDraftFailure', params: ({ event }) => ({ key: failureOf(event.output, notificationErrors.draftLoad).key }) } },
        ],
        onError: { target: 'draftFailed', actions: { type: 'keepDraftFailure', params: { key: notificationErrors.draftLoad } } },
      },
    },
    // The draft is gone or was sent meanwhile: offer a new notification instead.
    draftFailed: {
      on: { 'form.reset': { target: 'starting', actions: 'resetForm' } },
    },
    editing: {
      type: 'parallel',
      // Changes of the targeting are taken by the potential region below (one transition per event).
      on: {
        'form.change': { actions: 'changeValues' },
        'udid.choose': { actions: 'chooseDevice' },
      },
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'form.saveDraft': [
                  { guard: { type: 'validFor', params: { intent: 'draft' } }, target: 'saving', actions: { type: 'keepIntent', params: { intent: 'draft' } } },
                  { actions: { type: 'showErrors', params: { intent: 'draft' } } },
                ],
                'form.submit': [
                  { guard: { type: 'validFor', params: { intent: 'submit' } }, target: 'saving', actions: { type: 'keepIntent', params: { intent: 'submit' } } },
                  { actions: { type: 'showErrors', params: { intent: 'submit' } } },
                ],
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                src: 'save',
                input: ({ context }) => bodyOf(context.values, context.intent ?? 'draft', context.id),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                    target: '#notificationForm.saved',
                    actions: [
                      { type: 'keepSaved', params: ({ event }) => ({ item: dataOf(event.output as ItemOutcome) }) },
                      { type: 'announce', params: ({ event }) => ({ type: 'success' as const, key: savedKey(dataOf(event.output as ItemOutcome)) }) },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'keepSaveFailure', params: ({ event }) => ({ failure: failureOf(event.output, notificationErrors.send) }) },
                      { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: failureOf(event.output, notificationErrors.send).key }) },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: [{ type: 'keepSaveFailure', params: { failure: { ok: false, key: notificationErrors.send } } }, { type: 'announce', params: { type: 'error', key: notificationErrors.send } }],
                },
              },
            },
          },
        },
        // The potential recipients of a multiple send, counted once the targeting stops changing.
        potential: {
          initial: 'routing',
          on: {
            'form.change': { guard: 'changesTargeting', target: '.routing', actions: ['changeValues', 'forgetPotential'] },
            'filter.add': { guard: 'canAddRow', target: '.routing', actions: ['addRow', 'forgetPotential'] },
            'filter.update': { target: '.routing', actions: ['updateRow', 'forgetPotential'] },
            'filter.remove': { target: '.routing', actions: ['removeRow', 'forgetPotential'] },
            'potential.refresh': { target: '.routing', actions: 'forgetPotential' },
          },
          states: {
            routing: { always: [{ guard: 'isCountable', target: 'waiting' }, { target: 'off' }] },
            // A single send, or a targeting still incomplete: nothing to count.
            off: {},
            waiting: { after: { countDelay: 'counting' } },
            counting: {
              tags: ['counting'],
              invoke: {
                src: 'count',
                input: ({ context }) => targetingOf(context.values)!,
                onDone: [
                  { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'counted', actions: { type: 'keepPotential', params: ({ event }) => ({ outcome: event.output }) } },
                  { target: 'failed', actions: { type: 'keepPotentialFailure', params: ({ event }) => ({ key: failureOf(event.output, errorKeys.serverError).key }) } },
                ],
                onError: { target: 'failed', actions: { type: 'keepPotentialFailure', params: { key: errorKeys.serverError } } },
              },
            },
            counted: {},
            failed: {},
          },
        },
        // Phones for a single send, from 2 characters; the view sends the text once the typing pauses.
        search: {
          initial: 'idle',
          on: {
            'udid.search': [
              // A new text restarts the search: the older answer is aborted (the child is entered anew).
              // Not `reenter`: re-entering the region re-entered the whole form, dropping a save under
              // way and counting the recipients again.
              { guard: 'searchable', target: '.searching', actions: 'keepSearch' },
              { target: '.idle', actions: 'clearSearch' },
            ],
          },
          states: {
            idle: {},
            searching: {
              tags: ['searching'],
              invoke: {
                src: 'searchDevices',
                input: ({ context }) => ({ filter: context.search.trim(), idSite: context.values.idSite ?? 0, osDevice: context.values.osDevice }),
                onDone: { target: 'idle', actions: { type: 'keepHits', params: ({ event }) => ({ outcome: event.output }) } },
                onError: { target: 'idle', actions: { type: 'keepHits', params: { outcome: { ok: false } } } },
              },
            },
          },
        },
        test: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'test.send': [{ guard: 'validForTest', target: 'sending', actions: 'clearTestErrors' }, { actions: 'showTestErrors' }],
              },
            },
            sending: {
              tags: ['testing'],
              invoke: {
                src: 'sendTest',
                input: ({ context }) => testBodyOf(context.values),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'idle',
                    actions: [
                      { type: 'keepTest', params: ({ event }) => ({ outcome: event.output }) },
                      { type: 'announce', params: ({ event }) => ({ type: 'success' as const, key: dataOf(event.output as TestOutcome).status === 'pending' ? 'notification.test.pending' : 'notification.test.done' }) },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: {
                      type: 'announce',
                      params: ({ event }) => {
                        const failure = failureOf(event.output, notificationErrors.testSend);
                        return { type: 'error' as const, ...testFailureKey(failure.key, failure.details) };
                      },
                    },
                  },
                ],
                onError: { target: 'idle', actions: { type: 'announce', params: { type: 'error', key: notificationErrors.testSend } } },
              },
            },
          },
        },
      },
    },
    // The view goes back to the list.
    saved: {},
  },
});
