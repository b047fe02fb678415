import { assertEvent, assign, setup } from 'xstate';
import { alertErrorKeys } from '../../../contract/alert.errors';
import type { Alert, AlertOptions, SetUpResult } from '../../../contract/alert.schemas';
import { responderRequestChart, type RequestEvent } from '../../../contract/charts/responder-request.chart';
import { allows } from '../../../contract/charts/transition';
import { errorKeys } from '../../../contract/errors';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import { alertActors } from './alert.actors';
import type { AlertContext, AlertEvent, AlertInput, LiveAlert, PlaceRequest, ResponderCard } from './alert.types';

/** How often a live alert is fetched again when no REFRESH_ALERTS arrives (responders' positions only come this way). */
export const pollIntervalMs = 4000;
/** Margin after the announced auto-close time before asking the server whether it happened. */
export const autoCloseMarginMs = 2000;

type Outcome<T> = { ok: true; data: T } | { ok: false; key: string; status?: number; details?: unknown };

const keyOf = (outcome: Outcome<unknown>) => (outcome.ok ? errorKeys.serverAccessApi : outcome.key);
const dataOf = <T>(outcome: Outcome<T>) => (outcome as { data: T }).data;
const failedWith = (outcome: Outcome<unknown>, key: string) => !outcome.ok && outcome.key === key;

/** The fields set-up and launch send, from the context. */
function callInput(context: AlertContext) {
  return {
    alertId: context.alert?.alertId,
    address: context.place.address,
    lat: context.place.lat,
    lon: context.place.lon,
    addressInfo: context.addressInfo,
    alertType: context.alertType,
    debugMode: context.debugMode,
  };
}

/** The place an address or pin event asks for; a pasted pin drops the typed address so the server names the place again. */
function placeOf(context: AlertContext, event: AlertEvent): PlaceRequest {
  if (event.type === 'address.submit') return { address: event.address.trim() };
  assertEvent(event, 'pin.move');
  return { address: event.source === 'paste' ? '' : (context.alert?.address ?? context.place.address), lat: event.lat, lon: event.lon };
}

/** A fresh intervention: nothing placed, the options and the chosen debug mode kept. */
function freshContext(context: AlertContext): Partial<AlertContext> {
  return { alert: null, place: { address: '' }, addressInfo: '', alertType: 1, nbPotentialBS: null, aeds: [], escalations: [], wrongAddress: false, wrongAddressKey: null, needsPinMove: false, responders: [], refreshAgain: false, stale: false, debugMode: context.debugMode };
}

/**
 * Responder search and alert launch (spec §2, §4 "Alert flow"): options are fetched; the dispatcher
 * places the victim (address or pin) and reads the preview; launches; follows the live
 * intervention (responders refreshed on REFRESH_ALERTS and on a short poll), stops or starts
 * responders, moves the address (a too-far move asks to close and create a new intervention), and
 * closes it; the details (floor, door code) stay editable until the close. The 20-minute
 * auto-close and a close by someone else ask to reload, as docs/api-alerts.md says. Rules on responders come from the responder-request chart.
 */
export const alertMachine = setup({
  types: {} as { context: AlertContext; events: AlertEvent; input: AlertInput },
  actors: alertActors,
  guards: {
    succeeded: (_, params: { outcome: Outcome<unknown> }) => params.outcome.ok,
    hasResumeId: ({ context }) => context.resumeAlertId !== null,
    hasPlace: ({ context }) => context.place.address !== '' || context.place.lat !== undefined,
    addressNotFound: (_, params: { outcome: Outcome<SetUpResult> }) => params.outcome.ok && params.outcome.data.wrongAddress,
    pinMustMove: (_, params: { outcome: Outcome<SetUpResult> }) => params.outcome.ok && params.outcome.data.needsPinMove,
    failedWith: (_, params: { outcome: Outcome<unknown>; key: string }) => failedWith(params.outcome, params.key),
    /** The responder-request chart allows the dispatcher's event for this responder's status. */
    responderAllows: ({ context }, params: { id: number; event: RequestEvent['type'] }) => {
      const card = context.responders.find((candidate) => candidate.id === params.id);
      return card !== undefined && allows(responderRequestChart, card.status, { type: params.event });
    },
    /** Closed by this user (another tab of theirs): nothing to ask. The auto-close and anyone else's close ask to reload (docs/api-alerts.md). */
    closedByMe: ({ context }, params: { outcome: Outcome<LiveAlert> }) => params.outcome.ok && params.outcome.data.alert.close === 1 && params.outcome.data.alert.closeReason === 'user' && params.outcome.data.alert.closedBy?.id === context.userId,
    isClosed: (_, params: { outcome: Outcome<LiveAlert> }) => params.outcome.ok && params.outcome.data.alert.close === 1,
    isDraft: (_, params: { outcome: Outcome<LiveAlert> }) => params.outcome.ok && params.outcome.data.alert.status === 1,
    draftNeedsPinMove: (_, params: { outcome: Outcome<LiveAlert> }) => params.outcome.ok && params.outcome.data.alert.status === 1 && params.outcome.data.alert.needsPinMove,
    succeededButStale: ({ context }, params: { outcome: Outcome<unknown> }) => params.outcome.ok && context.refreshAgain,
  },
  actions: {
    keepOptions: assign((_, params: { options: AlertOptions }) => ({ options: params.options, debugMode: params.options.debugMode })),
    askPlace: assign(({ context, event }) => ({ place: placeOf(context, event) })),
    keepSetUp: assign(({ context }, params: { result: SetUpResult }) => ({
      alert: params.result.alert,
      wrongAddress: params.result.wrongAddress,
      wrongAddressKey: params.result.wrongAddress ? params.result.msg : null,
      needsPinMove: params.result.needsPinMove,
      nbPotentialBS: params.result.nbPotentialBS,
      aeds: params.result.aeds,
      place: params.result.alert && !params.result.wrongAddress ? { address: params.result.alert.address, lat: params.result.alert.lat, lon: params.result.alert.lon } : context.place,
    })),
    keepAlert: assign((_, params: { alert: Alert }) => ({ alert: params.alert })),
    keepLive: assign(({ context }, params: { live: LiveAlert }) => ({
      alert: params.live.alert,
      aeds: params.live.alert.aeds ?? context.aeds,
      escalations: params.live.alert.escalations ?? context.escalations,
      responders: params.live.responders,
      stale: false,
      nbPotentialBS: params.live.alert.nbPotentialBS,
      needsPinMove: params.live.alert.needsPinMove,
      wrongAddress: false,
      place: { address: params.live.alert.address, lat: params.live.alert.lat, lon: params.live.alert.lon },
      addressInfo: params.live.alert.addressInfo,
      alertType: params.live.alert.alertType as AlertContext['alertType'],
      debugMode: params.live.alert.debugMode as AlertContext['debugMode'],
    })),
    keepResponders: assign((_, params: { responders: ResponderCard[] }) => ({ responders: params.responders })),
    markStale: assign({ stale: true }),
    markRefreshAgain: assign({ refreshAgain: true }),
    clearRefreshAgain: assign({ refreshAgain: false }),
    keepAlertType: assign(({ event }) => {
      assertEvent(event, 'type.choose');
      return { alertType: event.alertType };
    }),
    keepDetails: assign(({ event }) => {
      assertEvent(event, 'details.change');
      return { addressInfo: event.addressInfo };
    }),
    /** The details as the server saved them. */
    keepSavedDetails: assign(({ context }) => ({ addressInfo: context.alert?.addressInfo ?? context.addressInfo })),
    keepDebugMode: assign(({ event }) => {
      assertEvent(event, 'debugMode.choose');
      return { debugMode: event.debugMode };
    }),
    keepResumeId: assign(({ event }) => {
      assertEvent(event, 'alert.resume');
      return { resumeAlertId: event.alertId };
    }),
    startFresh: assign(({ context }) => freshContext(context)),
    /** A new intervention at the place the too-far move asked for. */
    startFreshAtPlace: assign(({ context }) => ({ ...freshContext(context), place: context.place, addressInfo: context.addressInfo, alertType: context.alertType })),
    /** The server answered the alert with the refusal (error.alert.closed carries it). */
    keepRefusedAlert: assign(({ context }, params: { outcome: Outcome<unknown> }) => {
      const details = params.outcome.ok ? undefined : (params.outcome.details as Alert | undefined);
      return { alert: details && typeof details === 'object' && 'alertId' in details ? details : context.alert };
    }),
    announce: (_, params: { type: 'error' | 'warn' | 'success' | 'info'; key: string }) => notify({ type: params.type, key: params.key, life: params.type === 'error' ? 5000 : undefined }),
  },
  delays: {
    poll: pollIntervalMs,
    /** Until a little after the server's auto-close time (20 minutes after launch). */
    autoCloseDue: ({ context }) => {
      const at = context.alert?.autoCloseAt ? Date.parse(context.alert.autoCloseAt) : Number.NaN;
      return Number.isNaN(at) ? (context.options?.autoCloseSeconds ?? 1200) * 1000 : Math.max(0, at - Date.now()) + autoCloseMarginMs;
    },
  },
}).createMachine({
  id: 'alert',
  context: ({ input }) => ({
    userId: input.userId,
    resumeAlertId: null,
    options: null,
    alert: null,
    place: { address: '' },
    addressInfo: '',
    alertType: 1,
    debugMode: 0,
    nbPotentialBS: null,
    aeds: [],
    escalations: [],
    wrongAddress: false,
    wrongAddressKey: null,
    needsPinMove: false,
    responders: [],
    refreshAgain: false,
    stale: false,
  }),
  initial: 'loadingOptions',
  states: {
    loadingOptions: {
      meta: observe({ messages: ['alert.phase.loading'], calls: ['alert.options'] }),
      tags: ['busy'],
      // The page may name the alert to open before the options have arrived.
      on: { 'alert.resume': { actions: 'keepResumeId' } },
      invoke: {
        src: 'loadOptions',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'routing',
            actions: { type: 'keepOptions', params: ({ event }) => ({ options: dataOf(event.output) }) },
          },
          { target: 'optionsFailed', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
        ],
        onError: { target: 'optionsFailed', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
      },
    },
    // Opens the alert the page was asked for, or a blank intervention.
    routing: {
      always: [{ guard: 'hasResumeId', target: 'resuming' }, { target: 'editing' }],
    },
    optionsFailed: {
      meta: observe({ enabled: ['alert.options.retry'], absent: ['launch-alert'] }),
      on: { 'options.retry': 'loadingOptions', 'alert.resume': { actions: 'keepResumeId' } },
    },
    // Before launch: the victim is placed and the preview read, as often as the dispatcher likes.
    editing: {
      initial: 'empty',
      meta: observe({ shown: ['responder-preview', 'launch-alert'], absent: ['responder-summary', 'closed-message'] }),
      on: {
        'address.submit': { target: '.settingUp', actions: 'askPlace' },
        'pin.move': { target: '.settingUp', actions: 'askPlace' },
        'type.choose': { actions: 'keepAlertType' },
        'details.change': { actions: 'keepDetails' },
        'debugMode.choose': [
          // The preview depends on the debug mode (debug mode 3 alerts bots only).
          { guard: 'hasPlace', target: '.settingUp', actions: 'keepDebugMode' },
          { actions: 'keepDebugMode' },
        ],
        'alert.new': { target: 'editing', reenter: true, actions: 'startFresh' },
        'alert.resume': { target: 'resuming', actions: 'keepResumeId' },
      },
      states: {
        empty: { meta: observe({ disabled: ['alert.launch'], absent: ['address-message'] }) },
        settingUp: {
          tags: ['busy', 'previewing'],
          meta: observe({ calls: ['alert.setUp'] }),
          invoke: {
            src: 'setUp',
            input: ({ context }) => callInput(context),
            onDone: [
              {
                guard: { type: 'addressNotFound', params: ({ event }) => ({ outcome: event.output }) },
                target: 'wrongAddress',
                actions: { type: 'keepSetUp', params: ({ event }) => ({ result: dataOf(event.output) }) },
              },
              {
                guard: { type: 'pinMustMove', params: ({ event }) => ({ outcome: event.output }) },
                target: 'imprecise',
                actions: { type: 'keepSetUp', params: ({ event }) => ({ result: dataOf(event.output) }) },
              },
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'ready',
                actions: { type: 'keepSetUp', params: ({ event }) => ({ result: dataOf(event.output) }) },
              },
              { target: 'setUpFailed', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
            ],
            onError: { target: 'setUpFailed', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
          },
        },
        // Address not found: "check the spelling"; another address or a pin goes on.
        wrongAddress: { meta: observe({ shown: ['address-message'], disabled: ['alert.launch'] }) },
        // Commune precision: the pin must be moved before launching.
        imprecise: { meta: observe({ shown: ['address-message'], messages: ['error.alert.address-imprecise'], disabled: ['alert.launch'] }) },
        ready: {
          meta: observe({ enabled: ['alert.launch'], absent: ['address-message'] }),
          on: { 'alert.launch': '#alert.launching' },
        },
        setUpFailed: { meta: observe({ disabled: ['alert.launch'] }) },
      },
    },
    launching: {
      tags: ['busy'],
      meta: observe({ disabled: ['alert.launch'], calls: ['alert.launch'] }),
      invoke: {
        src: 'launch',
        input: ({ context }) => callInput(context),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'live',
            actions: [{ type: 'keepAlert', params: ({ event }) => ({ alert: dataOf(event.output) }) }, { type: 'announce', params: { type: 'success', key: 'alert.launched' } }],
          },
          { target: 'editing.ready', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
        ],
        onError: { target: 'editing.ready', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
      },
    },
    // The intervention runs: responders answer and move until it is closed.
    live: {
      meta: observe({ shown: ['responder-summary', 'end-intervention'], absent: ['launch-alert', 'closed-message'] }),
      invoke: { src: 'listenRefresh', input: ({ context }) => ({ alertId: context.alert!.alertId }) },
      // The server closes it after 20 minutes; ask it a little after that time.
      after: { autoCloseDue: '.following.refreshing' },
      initial: 'following',
      states: {
        following: {
          initial: 'refreshing',
          meta: observe({ enabled: ['alert.close.button'] }),
          on: {
            'responder.stop': {
              guard: { type: 'responderAllows', params: ({ event }) => ({ id: event.id, event: 'request.stop' as const }) },
              target: 'changingResponder',
            },
            'responder.start': {
              guard: { type: 'responderAllows', params: ({ event }) => ({ id: event.id, event: 'request.start' as const }) },
              target: 'changingResponder',
            },
            'address.submit': { target: 'movingAddress', actions: 'askPlace' },
            'pin.move': { target: 'movingAddress', actions: 'askPlace' },
            'details.save': 'savingDetails',
            'alert.requestClose': 'confirmingClose',
            'alert.new': { target: '#alert.editing', actions: 'startFresh' },
            'alert.resume': { target: '#alert.resuming', actions: 'keepResumeId' },
          },
          states: {
            watching: {
              meta: observe({}),
              after: { poll: 'refreshing' },
              on: { 'alerts.refresh': 'refreshing' },
            },
            refreshing: {
              entry: 'clearRefreshAgain',
              meta: observe({ calls: ['alert.get', 'alert.respondersOnCall'] }),
              invoke: {
                src: 'fetchLive',
                input: ({ context }) => ({ alertId: context.alert!.alertId }),
                onDone: [
                  {
                    guard: { type: 'closedByMe', params: ({ event }) => ({ outcome: event.output }) },
                    target: '#alert.closed',
                    actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) },
                  },
                  {
                    guard: { type: 'isClosed', params: ({ event }) => ({ outcome: event.output }) },
                    target: '#alert.closedElsewhere',
                    actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) },
                  },
                  {
                    // News arrived during the call: the answer may already be old.
                    guard: { type: 'succeededButStale', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'refreshing',
                    reenter: true,
                    actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) },
                  },
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'watching',
                    actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) },
                  },
                  { target: 'watching', actions: 'markStale' },
                ],
                onError: { target: 'watching', actions: 'markStale' },
              },
              on: { 'alerts.refresh': { actions: 'markRefreshAgain' } },
            },
          },
        },
        changingResponder: {
          tags: ['busy'],
          meta: observe({}),
          invoke: {
            src: 'changeResponder',
            input: ({ context, event }) => {
              assertEvent(event, ['responder.stop', 'responder.start']);
              return { action: event.type === 'responder.stop' ? ('stop' as const) : ('start' as const), alertId: context.alert!.alertId, id: event.id };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'following.refreshing',
                actions: { type: 'keepResponders', params: ({ event }) => ({ responders: dataOf(event.output) }) },
              },
              { target: 'following.refreshing', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
            ],
            onError: { target: 'following.refreshing', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
          },
        },
        movingAddress: {
          tags: ['busy'],
          meta: observe({ calls: ['alert.updateAddress'] }),
          invoke: {
            src: 'moveAlert',
            input: ({ context }) => ({ alertId: context.alert!.alertId, place: context.place, addressInfo: context.addressInfo }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'following.refreshing',
                actions: [{ type: 'keepAlert', params: ({ event }) => ({ alert: dataOf(event.output) }) }, { type: 'announce', params: { type: 'success', key: 'alert.address.updated' } }],
              },
              { guard: { type: 'failedWith', params: ({ event }) => ({ outcome: event.output, key: alertErrorKeys.addressTooFar }) }, target: 'tooFar' },
              { target: 'following.refreshing', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
            ],
            onError: { target: 'following.refreshing', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
          },
        },
        // The details (floor, door code...) change while the victim stays where the server has it.
        savingDetails: {
          tags: ['busy'],
          meta: observe({ calls: ['alert.updateAddress'] }),
          invoke: {
            src: 'moveAlert',
            input: ({ context, event }) => {
              assertEvent(event, 'details.save');
              const alert = context.alert!;
              return { alertId: alert.alertId, place: { address: alert.address, lat: alert.lat, lon: alert.lon }, addressInfo: event.addressInfo };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'following.refreshing',
                actions: [{ type: 'keepAlert', params: ({ event }) => ({ alert: dataOf(event.output) }) }, 'keepSavedDetails', { type: 'announce', params: { type: 'success', key: 'alert.details.saved' } }],
              },
              { target: 'following.refreshing', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
            ],
            onError: { target: 'following.refreshing', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
          },
        },
        // The new place is beyond 0.3 km: the responders were chosen for the old one.
        tooFar: {
          meta: observe({ shown: ['replace-intervention'] }),
          on: {
            'alert.replace': '#alert.replacing',
            'address.cancel': 'following.refreshing',
          },
        },
        confirmingClose: {
          meta: observe({ shown: ['confirm-end'] }),
          on: {
            'alert.confirmClose': '#alert.closing',
            'alert.cancelClose': 'following.refreshing',
          },
        },
      },
    },
    closing: {
      tags: ['busy'],
      meta: observe({ calls: ['alert.close'] }),
      invoke: {
        src: 'closeAlert',
        input: ({ context }) => ({ alertId: context.alert!.alertId }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'closed',
            actions: [{ type: 'keepAlert', params: ({ event }) => ({ alert: dataOf(event.output) }) }, { type: 'announce', params: { type: 'success', key: 'alert.closed.done' } }],
          },
          {
            guard: { type: 'failedWith', params: ({ event }) => ({ outcome: event.output, key: alertErrorKeys.closed }) },
            target: 'closedElsewhere',
            actions: { type: 'keepRefusedAlert', params: ({ event }) => ({ outcome: event.output }) },
          },
          { target: 'live', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
        ],
        onError: { target: 'live', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
      },
    },
    // Close this intervention, then set up a new one where the too-far move asked.
    replacing: {
      tags: ['busy'],
      meta: observe({ shown: ['replace-intervention'], calls: ['alert.close'] }),
      invoke: {
        src: 'closeAlert',
        input: ({ context }) => ({ alertId: context.alert!.alertId }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'editing.settingUp', actions: 'startFreshAtPlace' },
          // Closed meanwhile by someone else or the system: a new one is still what is wanted.
          { guard: { type: 'failedWith', params: ({ event }) => ({ outcome: event.output, key: alertErrorKeys.closed }) }, target: 'editing.settingUp', actions: 'startFreshAtPlace' },
          { target: 'live.tooFar', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
        ],
        onError: { target: 'live.tooFar', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
      },
    },
    closed: {
      meta: observe({ shown: ['closed-message', 'new-intervention'], absent: ['launch-alert', 'reload-closed'] }),
      on: {
        'alert.new': { target: 'editing', actions: 'startFresh' },
        'alert.resume': { target: 'resuming', actions: 'keepResumeId' },
      },
    },
    // Someone else closed it: a dialog asks to reload its final state.
    closedElsewhere: {
      meta: observe({ shown: ['closed-message', 'reload-closed'] }),
      on: { 'alert.reload': 'reloading' },
    },
    reloading: {
      tags: ['busy'],
      meta: observe({ calls: ['alert.get', 'alert.respondersOnCall'] }),
      invoke: {
        src: 'fetchLive',
        input: ({ context }) => ({ alertId: context.alert!.alertId }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'closed', actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) } },
          { target: 'closed', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
        ],
        onError: { target: 'closed', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
      },
    },
    // Opens an existing alert: a draft goes back to editing, a live one is followed, a closed one shown.
    resuming: {
      tags: ['busy'],
      meta: observe({ messages: ['alert.phase.loading'], calls: ['alert.get', 'alert.respondersOnCall'] }),
      entry: 'startFresh',
      invoke: {
        src: 'fetchLive',
        input: ({ context }) => ({ alertId: context.resumeAlertId! }),
        onDone: [
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ outcome: event.output }) },
            target: 'closed',
            actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) },
          },
          {
            guard: { type: 'draftNeedsPinMove', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing.imprecise',
            actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) },
          },
          {
            guard: { type: 'isDraft', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing.ready',
            actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) },
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'live',
            actions: { type: 'keepLive', params: ({ event }) => ({ live: dataOf(event.output) }) },
          },
          { target: 'editing', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) } },
        ],
        onError: { target: 'editing', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
      },
    },
  },
});
