import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { alertErrorKeys } from '../../contract/alert.errors';
import { alertMachine } from '../../src/machines/alert/alert.machine';
import { aedsOf, canLaunch, canPlace, canStart, canStop, closureOf, phaseOf, setUpStatusOf, victimOf } from '../../src/machines/alert/alert.selectors';
import { describeChart } from '../../scripts/statechart-model';
import { alertSample, dispatcherId, failure, options, respondersAfterStop, respondersOnCall, responderSample, setUpSample } from './alert.fixtures';
import { describePathModel } from './kit';
import { VirtualClock } from './kit-replay';
import { pathModel } from './alert.samples';

/**
 * The alert machine: model-based replay of every state and transition (alert.samples.ts), then
 * pinned journeys a dispatcher really makes, with what each call was sent and where it ends.
 */

describePathModel(pathModel);

type Answers = Partial<Record<'loadOptions' | 'setUp' | 'launch' | 'fetchLive' | 'changeResponder' | 'moveAlert' | 'closeAlert', unknown[]>>;

/**
 * An alert actor whose calls answer from `answers` in order (the last answer repeats; a function
 * answers from the virtual time) and record their inputs.
 */
function scripted(answers: Answers) {
  const calls: Array<{ src: string; input: unknown }> = [];
  const refresh: Array<() => void> = [];
  const clock = new VirtualClock();
  const stub = (src: keyof Answers) =>
    fromPromise<never, unknown>(async ({ input }) => {
      calls.push({ src, input });
      const queue = answers[src] ?? [];
      const next = queue.length > 1 ? queue.shift() : queue[0];
      const answer = typeof next === 'function' ? (next as (now: number) => unknown)(clock.now) : next;
      if (answer instanceof Error) throw answer;
      return answer as never;
    });
  const machine = alertMachine.provide({
    actors: {
      loadOptions: stub('loadOptions'),
      setUp: stub('setUp'),
      launch: stub('launch'),
      fetchLive: stub('fetchLive'),
      changeResponder: stub('changeResponder'),
      moveAlert: stub('moveAlert'),
      closeAlert: stub('closeAlert'),
      listenRefresh: fromCallback(({ sendBack }) => {
        refresh.push(() => sendBack({ type: 'alerts.refresh' }));
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { userId: dispatcherId }, clock });
  actor.start();
  return { actor, calls, clock, socketRefresh: () => refresh.at(-1)?.(), inputsOf: (src: string) => calls.filter((call) => call.src === src).map((call) => call.input) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const isIdle = (actor: ActorRefFrom<typeof alertMachine>) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy') && !snapshot.matches({ live: { following: 'refreshing' } }));
const ok = <T>(data: T) => ({ ok: true as const, data });
const liveAnswer = (alert = alertSample('live'), responders = respondersOnCall) => ok({ alert, responders });

describe('alert journeys', () => {
  it('every state of the chart is in the docs model, and the machine has the states the spec names', () => {
    const ids = describeChart(alertMachine).states.map((state) => state.id);
    for (const name of ['alert.editing.settingUp', 'alert.editing.ready', 'alert.launching', 'alert.live', 'alert.closing', 'alert.closed', 'alert.closedElsewhere', 'alert.live.tooFar']) expect(ids).toContain(name);
  });

  it('an imprecise address must be moved before launch; the launch sends the type, details and debug mode', async () => {
    const { actor, inputsOf } = scripted({
      loadOptions: [ok(options)],
      setUp: [ok(setUpSample('imprecise')), ok(setUpSample('ready'))],
      launch: [ok(alertSample('live'))],
      fetchLive: [liveAnswer()],
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'empty' }));
    expect(canLaunch(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'address.submit', address: '  Clermont-Ferrand ' });
    await waitFor(actor, (snapshot) => setUpStatusOf(snapshot) === 'imprecise');
    expect(canLaunch(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.nbPotentialBS).toBe(8);
    expect(inputsOf('setUp')[0]).toMatchObject({ address: 'Clermont-Ferrand', lat: undefined, alertId: undefined, debugMode: 0 });

    actor.send({ type: 'pin.move', lat: 45.7772, lon: 3.087, source: 'drag' });
    await waitFor(actor, (snapshot) => setUpStatusOf(snapshot) === 'ready');
    // A dragged pin keeps the address and replaces the draft.
    expect(inputsOf('setUp')[1]).toMatchObject({ alertId: 42, address: '1 place de Jaude, Clermont-Ferrand', lat: 45.7772, lon: 3.087 });
    expect(aedsOf(actor.getSnapshot())).toEqual([expect.objectContaining({ id: 3, fetched: false, availableNow: true })]);

    actor.send({ type: 'type.choose', alertType: 7 });
    actor.send({ type: 'details.change', addressInfo: 'Code 1234' });
    actor.send({ type: 'debugMode.choose', debugMode: 3 });
    await waitFor(actor, (snapshot) => setUpStatusOf(snapshot) === 'ready');
    expect(inputsOf('setUp')[2]).toMatchObject({ debugMode: 3, alertId: 42 });

    actor.send({ type: 'alert.launch' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(inputsOf('launch')[0]).toEqual({ alertId: 42, address: '1 place de Jaude, Clermont-Ferrand', lat: 45.7772, lon: 3.087, addressInfo: 'Code 1234', alertType: 7, debugMode: 3 });
    expect(phaseOf(actor.getSnapshot())).toBe('live');
    expect(actor.getSnapshot().context.responders).toHaveLength(2);
  });

  it('an address not found says so and waits for another one', async () => {
    const { actor } = scripted({ loadOptions: [ok(options)], setUp: [ok(setUpSample('wrongAddress')), ok(setUpSample('ready'))] });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'empty' }));
    actor.send({ type: 'address.submit', address: 'Rue qui nexiste pas' });
    await waitFor(actor, (snapshot) => setUpStatusOf(snapshot) === 'wrongAddress');
    expect(actor.getSnapshot().context.wrongAddress).toBe(true);
    expect(canLaunch(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'address.submit', address: '1 place de Jaude, Clermont-Ferrand' });
    await waitFor(actor, (snapshot) => setUpStatusOf(snapshot) === 'ready');
    expect(actor.getSnapshot().context.wrongAddress).toBe(false);
  });

  it('stop and start follow the responder chart, and answer the new list', async () => {
    const { actor, inputsOf } = scripted({
      loadOptions: [ok(options)],
      fetchLive: [liveAnswer(), liveAnswer(), liveAnswer(alertSample('live'), respondersAfterStop)],
      changeResponder: [ok(respondersAfterStop)],
    });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    const snapshot = actor.getSnapshot();
    expect([canStop(snapshot, 11), canStart(snapshot, 11), canStop(snapshot, 12), canStart(snapshot, 12), canStop(snapshot, 99)]).toEqual([true, false, false, true, false]);

    actor.send({ type: 'responder.stop', id: 12 });
    expect(actor.getSnapshot().matches({ live: 'changingResponder' })).toBe(false);
    actor.send({ type: 'responder.stop', id: 11 });
    expect(actor.getSnapshot().matches({ live: 'changingResponder' })).toBe(true);
    await isIdle(actor);
    expect(inputsOf('changeResponder')).toEqual([{ action: 'stop', alertId: 42, id: 11 }]);
    expect(actor.getSnapshot().context.responders.map((card) => card.status)).toEqual(['stopped', 'stopped']);
  });

  it('a move within 0.3 km is accepted; a too-far one asks to close and sets up a new intervention there', async () => {
    const { actor, inputsOf } = scripted({
      loadOptions: [ok(options)],
      fetchLive: [liveAnswer()],
      moveAlert: [ok(alertSample('live', { lat: 45.778 })), failure(alertErrorKeys.addressTooFar, { distanceKm: 2.1, maxKm: 0.3 })],
      closeAlert: [ok(alertSample('closedByMe'))],
      setUp: [ok(setUpSample('ready'))],
    });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));

    actor.send({ type: 'pin.move', lat: 45.778, lon: 3.087, source: 'drag' });
    expect(victimOf(actor.getSnapshot())).toEqual({ lat: 45.778, lon: 3.087 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(inputsOf('moveAlert')[0]).toEqual({ alertId: 42, place: { address: '1 place de Jaude, Clermont-Ferrand', lat: 45.778, lon: 3.087 }, addressInfo: '' });

    actor.send({ type: 'pin.move', lat: 45.8, lon: 3.1, source: 'paste' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'tooFar' }));
    expect(canPlace(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'alert.replace' });
    await waitFor(actor, (snapshot) => setUpStatusOf(snapshot) === 'ready');
    expect(inputsOf('closeAlert')).toEqual([{ alertId: 42 }]);
    // A new draft, at the pasted place (no address: the server names it).
    expect(inputsOf('setUp')[0]).toMatchObject({ alertId: undefined, address: '', lat: 45.8, lon: 3.1 });
  });

  it('keeps the intervention where it is when the too-far move is cancelled', async () => {
    const { actor } = scripted({ loadOptions: [ok(options)], fetchLive: [liveAnswer()], moveAlert: [failure(alertErrorKeys.addressTooFar)] });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    actor.send({ type: 'address.submit', address: 'Riom' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'tooFar' }));
    actor.send({ type: 'address.cancel' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(victimOf(actor.getSnapshot())).toEqual({ lat: 45.7772, lon: 3.087 });
  });

  it('REFRESH_ALERTS refetches, and once more when it arrives during a refresh; the poll refetches without it', async () => {
    const { actor, inputsOf, socketRefresh, clock } = scripted({ loadOptions: [ok(options)], fetchLive: [liveAnswer()] });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(inputsOf('fetchLive')).toHaveLength(2);
    socketRefresh();
    expect(actor.getSnapshot().matches({ live: { following: 'refreshing' } })).toBe(true);
    socketRefresh();
    await settle();
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(inputsOf('fetchLive')).toHaveLength(4);
    clock.fireNext();
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(inputsOf('fetchLive')).toHaveLength(5);
  });

  it('after 20 minutes the server has closed it: the reload dialog, as for a close by another, then shown as closed by the system', async () => {
    const twentyMinutes = 1_200_000;
    const { actor, clock } = scripted({
      loadOptions: [ok(options)],
      fetchLive: [(now: number) => (now < twentyMinutes ? liveAnswer() : ok({ alert: alertSample('closedBySystem'), responders: respondersOnCall }))],
    });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    // Time passes: the poll runs every few seconds until the server's auto-close time has passed.
    while (!actor.getSnapshot().matches('closedElsewhere') && clock.fireNext()) await settle();
    expect(clock.now).toBeGreaterThanOrEqual(twentyMinutes);
    expect(clock.now).toBeLessThan(twentyMinutes + 10_000);
    expect(closureOf(actor.getSnapshot())).toMatchObject({ reason: 'auto', byMe: false, by: null });
    expect(phaseOf(actor.getSnapshot())).toBe('closedElsewhere');
    actor.send({ type: 'alert.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(closureOf(actor.getSnapshot())).toMatchObject({ reason: 'auto' });
  });

  it('the details stay editable while live: saved at the alert\'s own place, then kept as the server answers', async () => {
    let saved = '5th floor';
    const { actor, inputsOf } = scripted({
      loadOptions: [ok(options)],
      fetchLive: [() => liveAnswer(alertSample('live', { addressInfo: saved }))],
      moveAlert: [() => ok(alertSample('live', { addressInfo: (saved = '5th floor, code 9876') }))],
    });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(actor.getSnapshot().context.addressInfo).toBe('5th floor');
    actor.send({ type: 'details.save', addressInfo: '5th floor, code 9876' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(inputsOf('moveAlert')).toEqual([{ alertId: 42, place: { address: '1 place de Jaude, Clermont-Ferrand', lat: 45.7772, lon: 3.087 }, addressInfo: '5th floor, code 9876' }]);
    expect(actor.getSnapshot().context.addressInfo).toBe('5th floor, code 9876');
  });

  it('ending the intervention asks for confirmation, then closes it', async () => {
    const { actor, inputsOf } = scripted({ loadOptions: [ok(options)], fetchLive: [liveAnswer()], closeAlert: [ok(alertSample('closedByMe'))] });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    actor.send({ type: 'alert.requestClose' });
    actor.send({ type: 'alert.cancelClose' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    expect(inputsOf('closeAlert')).toEqual([]);
    actor.send({ type: 'alert.requestClose' });
    actor.send({ type: 'alert.confirmClose' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(closureOf(actor.getSnapshot())).toMatchObject({ reason: 'user', byMe: true });
    actor.send({ type: 'alert.new' });
    expect(actor.getSnapshot().matches({ editing: 'empty' })).toBe(true);
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  it('closed by someone else: a dialog asks to reload, which shows who closed it', async () => {
    const { actor } = scripted({
      loadOptions: [ok(options)],
      fetchLive: [liveAnswer(), liveAnswer(), ok({ alert: alertSample('closedByOther'), responders: [responderSample(11, 'onSiteVictim')] })],
      closeAlert: [failure(alertErrorKeys.closed, alertSample('closedByOther'))],
    });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    actor.send({ type: 'alert.requestClose' });
    actor.send({ type: 'alert.confirmClose' });
    await waitFor(actor, (snapshot) => snapshot.matches('closedElsewhere'));
    expect(closureOf(actor.getSnapshot())).toMatchObject({ by: 'Adam Admin', byMe: false });
    actor.send({ type: 'alert.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(actor.getSnapshot().context.responders.map((card) => card.status)).toEqual(['onSiteVictim']);
  });

  it('a refresh that finds the alert closed by another user opens the reload dialog', async () => {
    const { actor, socketRefresh } = scripted({ loadOptions: [ok(options)], fetchLive: [liveAnswer(), liveAnswer(), ok({ alert: alertSample('closedByOther'), responders: [] })] });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: { following: 'watching' } }));
    socketRefresh();
    await waitFor(actor, (snapshot) => snapshot.matches('closedElsewhere'));
  });

  it('resuming a draft that still needs its pin moved goes back to setting up', async () => {
    const { actor } = scripted({ loadOptions: [ok(options)], fetchLive: [ok({ alert: alertSample('draft', { needsPinMove: true }), responders: [] })] });
    actor.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(actor, (snapshot) => setUpStatusOf(snapshot) === 'imprecise');
    expect(canLaunch(actor.getSnapshot())).toBe(false);
  });

  it('a failed options call can be retried', async () => {
    const { actor } = scripted({ loadOptions: [failure('error.network'), ok(options)] });
    await waitFor(actor, (snapshot) => snapshot.matches('optionsFailed'));
    actor.send({ type: 'options.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'empty' }));
    expect(actor.getSnapshot().context.options).toEqual(options);
  });
});
