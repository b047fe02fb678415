import { fireEvent, render, screen } from '@testing-library/react';
import { useMachine } from '@xstate/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMachine, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { observe } from '../../../src/machines/observations';
import { call, type Result } from '../../../src/services/http';
import { definePathModel } from '../../machines/kit';
import { prepareScreen, replayScreenPath, type ScreenModel } from './screen-replay';

/**
 * The rendered replay proven on a small door: its paths, planned from the chart and its declared
 * observations, pass on the screen that does what the chart says, and fail on a machine with one
 * transition target changed, on a screen without one of its buttons, and on a screen that does not
 * make the call the chart declares.
 */

const check = (code: string): Promise<Result<{ accepted: boolean }>> => call('/services/door/check', { method: 'POST', body: { code } });

const doorMachine = setup({
  types: { events: {} as { type: 'code.enter'; code: string } | { type: 'door.open' } | { type: 'door.lock' } },
  actors: { checkCode: fromPromise(({ input }: { input: { code: string } }) => check(input.code)) },
  guards: { accepted: (_, params: { outcome: Result<{ accepted: boolean }> }) => params.outcome.ok && params.outcome.data.accepted },
}).createMachine({
  id: 'door',
  initial: 'locked',
  states: {
    locked: { meta: observe({ shown: ['door-locked'], enabled: ['Enter the code'] }), on: { 'code.enter': 'checking' } },
    checking: {
      meta: observe({ disabled: ['Enter the code'], calls: ['POST /services/door/check'] }),
      invoke: {
        src: 'checkCode',
        input: ({ event }) => ({ code: (event as { code: string }).code }),
        onDone: [{ guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) }, target: 'unlocked' }, { target: 'locked' }],
      },
    },
    unlocked: {
      meta: observe({ enabled: ['Lock'] }),
      initial: 'closed',
      on: { 'door.lock': 'locked' },
      states: { closed: { meta: observe({ shown: ['door-closed'] }), on: { 'door.open': 'open' } }, open: { meta: observe({ shown: ['door-open'] }) } },
    },
  },
});

/** The same door with one transition target changed: opening leaves the door closed. */
const unlocked = doorMachine.config.states!.unlocked!;
const doorThatStaysClosed = createMachine(
  { ...doorMachine.config, states: { ...doorMachine.config.states, unlocked: { ...unlocked, states: { ...unlocked.states, closed: { ...unlocked.states!.closed, on: { 'door.open': 'closed' } } } } } } as never,
  doorMachine.implementations as never,
) as unknown as typeof doorMachine;

function DoorScreen({ machine, withLock = true }: { machine: AnyStateMachine; withLock?: boolean }) {
  const [snapshot, send] = useMachine(machine);
  const checking = snapshot.matches('checking');
  if (snapshot.matches('locked') || checking) {
    return (
      <div data-testid="door-locked">
        <button disabled={checking} onClick={() => send({ type: 'code.enter', code: '1234' })}>
          Enter the code
        </button>
      </div>
    );
  }
  return (
    <div>
      {snapshot.matches({ unlocked: 'open' }) ? <p data-testid="door-open">Open</p> : <button data-testid="door-closed" onClick={() => send({ type: 'door.open' })}>Open the door</button>}
      {withLock ? <button onClick={() => send({ type: 'door.lock' })}>Lock</button> : null}
    </div>
  );
}

const model = definePathModel({
  machine: doorMachine,
  events: { 'code.enter': [{ type: 'code.enter', code: '1234' }], 'door.open': [{ type: 'door.open' }], 'door.lock': [{ type: 'door.lock' }] },
  actors: { checkCode: { done: [{ ok: true, data: { accepted: true } }, { ok: true, data: { accepted: false } }] } },
});

const doorScreen = (overrides: Partial<ScreenModel<typeof doorMachine>> = {}): ScreenModel<typeof doorMachine> => ({
  model,
  render: (machine) => void render(<DoorScreen machine={machine} />),
  gestures: {
    'code.enter': () => void fireEvent.click(screen.getByRole('button', { name: 'Enter the code' })),
    'door.open': () => void fireEvent.click(screen.getByTestId('door-closed')),
    'door.lock': () => void fireEvent.click(screen.getByRole('button', { name: 'Lock' })),
  },
  ...overrides,
});

/** Replays every path, each on a fresh screen; the failures' messages. */
async function replayAll(screenModel: ScreenModel<typeof doorMachine>, implementation?: typeof doorMachine) {
  const prepared = prepareScreen(screenModel);
  for (const path of prepared.paths) {
    await replayScreenPath(prepared, path, implementation).catch(() => undefined);
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  }
  return prepared.coverage;
}

afterEach(() => vi.unstubAllGlobals());

describe('rendered replay kit', () => {
  it('passes every path on the screen that does what the chart says, and counts what it checked', async () => {
    const coverage = await replayAll(doorScreen());
    expect(coverage.failures).toEqual([]);
    expect([...coverage.statesObserved].sort()).toEqual(['door.checking', 'door.locked', 'door.unlocked', 'door.unlocked.closed', 'door.unlocked.open']);
    expect(coverage.transitionsReplayed.size).toBe(coverage.transitions.length);
    expect(coverage.observations).toBeGreaterThan(coverage.paths);
  });

  it('fails on a machine with one transition target changed, at the step that takes it', async () => {
    const coverage = await replayAll(doorScreen(), doorThatStaysClosed);
    expect(coverage.failures.length).toBeGreaterThan(0);
    expect(coverage.failures.every((failure) => failure.path.includes('door.open'))).toBe(true);
    expect(coverage.failures[0]!.message).toContain('shown door-open');
  });

  it('fails on a screen without a button the chart declares', async () => {
    const coverage = await replayAll(doorScreen({ render: (machine) => void render(<DoorScreen machine={machine} withLock={false} />) }));
    expect(coverage.failures.length).toBeGreaterThan(0);
    expect(coverage.failures[0]!.message).toContain('enabled "Lock"');
  });

  it('fails when the call the chart declares is not made', async () => {
    const noCall = doorMachine.provide({ actors: { checkCode: fromPromise(async (): Promise<Result<{ accepted: boolean }>> => ({ ok: true, data: { accepted: true } })) } });
    const coverage = await replayAll(doorScreen(), noCall);
    expect(coverage.failures.length).toBeGreaterThan(0);
    expect(coverage.failures.some((failure) => failure.message.includes('call POST /services/door/check') || failure.message.includes('no request of checkCode'))).toBe(true);
  });
});
