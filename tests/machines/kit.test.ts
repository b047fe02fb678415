import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup } from 'xstate';
import { CoverageCollector } from './kit-replay';
import { definePathModel, describePathModel, prepareModel, reportOf, runPath, runPathModel, type EventSamples } from './kit';

/**
 * The kit proven on a small door lock: a guard on a promise actor's `{ ok: false, key }` answer,
 * an `after` delay of 20 minutes on a parent, one of 30 s on a nested state, a final state.
 */
type CheckResult = { ok: true } | { ok: false; key: string };
type DoorEvent = { type: 'code.enter'; code: string } | { type: 'door.open' } | { type: 'door.close' } | { type: 'door.lock' };

const doorMachine = setup({
  types: { context: {} as { attempts: number; errorKey?: string }, events: {} as DoorEvent },
  actors: { checkCode: fromPromise<CheckResult, { code: string }>(async () => { throw new Error('real I/O: a model replay must stub checkCode'); }) },
  guards: {
    codeAccepted: (_, params: { result: CheckResult }) => params.result.ok,
    tooManyAttempts: ({ context }) => context.attempts >= 2,
  },
  delays: { autoRelock: 20 * 60_000 },
}).createMachine({
  id: 'door',
  context: { attempts: 0 },
  initial: 'locked',
  states: {
    locked: {
      description: 'Waiting for a code.',
      always: { guard: 'tooManyAttempts', target: 'blocked' },
      on: { 'code.enter': 'checking' },
    },
    checking: {
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ event }) => ({ code: (event as { code: string }).code }),
        onDone: [
          { guard: { type: 'codeAccepted', params: ({ event }) => ({ result: event.output }) }, target: 'unlocked' },
          { target: 'locked', actions: assign({ attempts: ({ context }) => context.attempts + 1, errorKey: ({ event }) => (event.output.ok ? undefined : event.output.key) }) },
        ],
        onError: { target: 'locked', actions: assign({ errorKey: 'error.network' }) },
      },
    },
    unlocked: {
      entry: assign({ attempts: 0, errorKey: undefined }),
      initial: 'closed',
      after: { autoRelock: 'locked' },
      states: {
        closed: { on: { 'door.open': 'open', 'door.lock': '#door.locked' } },
        open: { on: { 'door.close': 'closed' }, after: { 30_000: 'closed' } },
      },
    },
    blocked: { type: 'final', description: 'Too many wrong codes.' },
  },
});

/** The same door with one transition target changed: opening the closed door leaves it closed. */
const unlockedConfig = doorMachine.config.states!.unlocked!;
const doorOpeningStaysClosed = createMachine(
  {
    ...doorMachine.config,
    states: { ...doorMachine.config.states, unlocked: { ...unlockedConfig, states: { ...unlockedConfig.states, closed: { on: { 'door.open': 'closed', 'door.lock': '#door.locked' } } } } },
  } as never,
  doorMachine.implementations as never,
);

const events = {
  'code.enter': [{ type: 'code.enter', code: '1234' }],
  'door.open': [{ type: 'door.open' }],
  'door.close': [{ type: 'door.close' }],
  'door.lock': [{ type: 'door.lock' }],
} satisfies EventSamples<typeof doorMachine>;

const fullModel = definePathModel({
  machine: doorMachine,
  events,
  actors: { checkCode: { done: [{ ok: true }, { ok: false, key: 'error.wrong-code' }], error: [new Error('network down')] } },
});

describe('path kit', () => {
  it('reaches every state and takes every transition of the chart with full samples', async () => {
    const report = await runPathModel(fullModel);
    expect(report.failures).toEqual([]);
    expect(report.machine).toBe('door');
    expect(report.states).toEqual({ reached: 6, total: 6, missing: [] });
    expect(report.transitions).toEqual({ taken: 10, total: 10, missing: [] });
    expect(report.paths).toBeGreaterThan(5);
    expect(report.unmodelledActors).toEqual([]);
    expect(report.passed).toBe(true);
  });

  it('names paths by their events, actor answers and delays', () => {
    const descriptions = prepareModel(fullModel).plan.paths.map((path) => path.description);
    expect(descriptions).toContain('code.enter {"code":"1234"} → checkCode done {"ok":true} → after 20 min');
    expect(descriptions.some((text) => text.includes('checkCode error Error(network down)'))).toBe(true);
    expect(descriptions.some((text) => text.includes('door.open → after 30000 ms'))).toBe(true);
  });

  it('counts what samples leave out and fails the threshold', async () => {
    const report = await runPathModel({ ...fullModel, actors: { checkCode: { done: [{ ok: true }] } } });
    expect(report.failures).toEqual([]);
    expect(report.states).toEqual({ reached: 5, total: 6, missing: ['door.blocked'] });
    expect(report.transitions.taken).toBe(7);
    expect(report.transitions.missing).toEqual(['door.locked|always|0', 'door.checking|xstate.done.actor.checkCode|1', 'door.checking|xstate.error.actor.checkCode|0']);
    expect(report.passed).toBe(false);
  });

  it('lists actors without samples and never runs them', async () => {
    const report = await runPathModel({ ...fullModel, actors: {}, threshold: { states: 30, transitions: 10 } });
    expect(report.unmodelledActors).toEqual(['checkCode']);
    expect(report.failures).toEqual([]);
    expect(report.states.reached).toBe(2);
    expect(report.passed).toBe(true);
  });

  it('fails a path whose expectation is broken, and says where', async () => {
    const prepared = prepareModel(fullModel);
    const path = prepared.plan.paths.find((candidate) => candidate.description.startsWith('code.enter {"code":"1234"} → checkCode done {"ok":true}'))!;
    const broken = { ...path, steps: path.steps.map((step, index) => (index === 2 ? { ...step, value: 'blocked' } : step)) };
    const collector = new CoverageCollector();
    const failure = await runPath(prepared, broken, collector);
    expect(failure).toMatchObject({ step: 2, event: 'xstate.done.actor.checkCode', expected: 'blocked', actual: { unlocked: 'closed' }, path: path.description });
    expect(reportOf(prepared, collector)).toMatchObject({ passed: false, failures: [failure] });
  });

  it('keeps one path per state and per transition, not every simple path', () => {
    const { plan } = prepareModel(fullModel);
    expect(plan.paths.length).toBeLessThanOrEqual(plan.chart.states.length + plan.chart.transitions.length);
    expect(plan.paths.length).toBeGreaterThan(0);
  });

  it('fails the replay of a machine with one transition target changed, at the step that takes it', async () => {
    const report = await runPathModel(fullModel, doorOpeningStaysClosed);
    expect(report.passed).toBe(false);
    expect(report.failures.length).toBeGreaterThan(0);
    expect(report.failures.every((failure) => failure.event === 'door.open')).toBe(true);
    expect(report.failures[0]).toMatchObject({ expected: { unlocked: 'open' }, actual: { unlocked: 'closed' } });
  });

  it('refuses a model that leaves an event type without samples', () => {
    // @ts-expect-error a new event without samples does not compile
    const incomplete = definePathModel({ machine: doorMachine, events: { 'code.enter': [{ type: 'code.enter', code: '1' }] } });
    expect(() => prepareModel(incomplete)).toThrow(/no samples for event "door\.open"/);
  });
});

/** A token that expires: the delay and the guard both read `Date.now()`, which follows virtual time. */
const tokenMachine = setup({
  types: { context: {} as { expiresAt: number }, events: {} as { type: 'token.issue'; seconds: number } },
  guards: { isOver: ({ context }) => context.expiresAt <= Date.now() },
  delays: { lifetime: ({ context }) => Math.max(0, context.expiresAt - Date.now()) },
}).createMachine({
  id: 'token',
  context: { expiresAt: 0 },
  initial: 'none',
  states: {
    none: { on: { 'token.issue': { target: 'valid', actions: assign({ expiresAt: ({ event }) => Date.now() + event.seconds * 1000 }) } } },
    valid: { after: { lifetime: [{ guard: 'isOver', target: 'expired' }, { target: 'valid', reenter: true }] } },
    expired: { type: 'final' },
  },
});

describe('path kit time', () => {
  it('plans and replays delays and clock-reading guards on virtual time', async () => {
    const started = Date.now();
    // What the guard reads of the clock: an hour later when the token's timer fires, on virtual time
    // (on the real clock this test would wait an hour and its time-out would end it).
    const seen: number[] = [];
    const machine = tokenMachine.provide({ guards: { isOver: ({ context }) => (seen.push(Date.now()), context.expiresAt <= Date.now()) } });
    const report = await runPathModel({ machine, events: { 'token.issue': [{ type: 'token.issue', seconds: 3600 }] }, threshold: { states: 100, transitions: 75 } });
    expect(report.failures).toEqual([]);
    expect(report.states).toEqual({ reached: 3, total: 3, missing: [] });
    // The hour-long token expires when its timer fires, so the re-arming branch is never taken.
    expect(report.transitions.missing).toEqual(['token.valid|xstate.after.lifetime.token.valid|1']);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen) - started).toBeGreaterThanOrEqual(3600_000);
  });
});

/** A boot sequence whose first state decides at once where to go: an initial `always` transition. */
const bootMachine = setup({
  types: { context: {} as { stored: boolean }, input: {} as { stored: boolean }, events: {} as { type: 'app.leave' } },
  guards: { hasStored: ({ context }) => context.stored },
}).createMachine({
  id: 'boot',
  context: ({ input }) => ({ stored: input.stored }),
  initial: 'deciding',
  states: {
    // Transient: the actor never rests here, it is only a choice made while the actor is created.
    deciding: { always: [{ guard: 'hasStored', target: 'resumed' }, { target: 'fresh' }] },
    fresh: { on: { 'app.leave': 'left' } },
    resumed: { on: { 'app.leave': 'left' } },
    left: { type: 'final' },
  },
});

describe('path kit with an initial always transition', () => {
  it('replays the paths and counts the transient first state and its transition as covered', async () => {
    for (const stored of [false, true]) {
      const report = await runPathModel({ machine: bootMachine, events: { 'app.leave': [{ type: 'app.leave' }] }, input: { stored }, threshold: { states: 0, transitions: 0 } });
      expect(report.failures).toEqual([]);
      expect(report.states.missing).toEqual([stored ? 'boot.fresh' : 'boot.resumed']);
      expect(report.transitions.missing).toEqual([stored ? 'boot.deciding|always|1' : 'boot.deciding|always|0', stored ? 'boot.fresh|app.leave|0' : 'boot.resumed|app.leave|0']);
      expect(report.paths).toBeGreaterThan(0);
    }
  });
});

describePathModel(fullModel);
