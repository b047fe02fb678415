import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { createInspectionStore } from '../../src/services/inspection';
import { redact, redacted } from '../../src/services/redaction';

describe('redaction', () => {
  it('hides tokens, passwords and personal data by key, whatever the case or separator', () => {
    const shown = redact({
      type: 'session.signIn',
      username: 'admin@vigil.test',
      password: 'Vigil-Demo-2026!',
      user: { id: 3, idGroup: 1, token: 'abc', firstName: 'Ada', last_name: 'Lovelace', 'phone-number': '0601020304' },
      place: { address: '12 rue de la Paix', lat: 45.77, lon: 3.08, precision: 'street' },
      alertType: 1,
    });
    expect(shown).toEqual({
      type: 'session.signIn',
      username: redacted,
      password: redacted,
      user: { id: 3, idGroup: 1, token: redacted, firstName: redacted, last_name: redacted, 'phone-number': redacted },
      place: { address: redacted, lat: redacted, lon: redacted, precision: 'street' },
      alertType: 1,
    });
  });

  it('hides JWTs, e-mail addresses and phone numbers under any key', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjF9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    expect(redact({ header: `${jwt}`, note: 'write to ada@example.org', to: '+33 6 01 02 03 04', count: '12' })).toEqual({ header: redacted, note: redacted, to: redacted, count: '12' });
  });

  it('keeps empty values visible, so an analyst sees that a field is blank', () => {
    expect(redact({ password: '', token: null, email: undefined })).toEqual({ password: '', token: null, email: undefined });
  });

  it('cuts long lists, deep objects and long strings, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { name2: 'x' };
    cyclic.self = cyclic;
    const shown = redact({ rows: Array.from({ length: 30 }, (_, index) => index), deep: { a: { b: { c: { d: { e: { f: 1 } } } } } }, text: 'y'.repeat(300), cyclic }) as Record<string, unknown>;
    expect((shown.rows as unknown[]).length).toBe(26);
    expect((shown.rows as unknown[]).at(-1)).toBe('… 5 more');
    expect(JSON.stringify(shown.deep)).toContain('[…]');
    expect((shown.text as string).length).toBe(201);
    expect((shown.cyclic as Record<string, unknown>).self).toBe('[circular]');
  });
});

const doorMachine = setup({
  types: { context: {} as { code: string; opened: number }, events: {} as { type: 'door.open'; code: string } | { type: 'door.close' } },
  actors: { lock: fromPromise(async () => 'locked') },
}).createMachine({
  id: 'door',
  initial: 'closed',
  context: { code: '', opened: 0 },
  states: {
    closed: { on: { 'door.open': { target: 'open', actions: assign({ code: ({ event }) => event.code, opened: ({ context }) => context.opened + 1 }) } } },
    open: { on: { 'door.close': 'locking' } },
    locking: { invoke: { src: 'lock', onDone: 'closed' } },
  },
});

function clock() {
  let time = 1_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('actor registry', () => {
  it('records a machine actor from its creation: chart, active states, events and time in each state', () => {
    const time = clock();
    const store = createInspectionStore({ now: time.now });
    store.setEnabled(true);
    const actor = createActor(doorMachine, { inspect: store.inspect }).start();
    expect(store.getActors().map((entry) => [entry.machineId, entry.value, entry.status])).toEqual([['door', 'closed', 'active']]);
    time.advance(2_000);
    actor.send({ type: 'door.open', code: '1234' });
    time.advance(500);
    actor.send({ type: 'door.close' });
    const [door] = store.getActors();
    expect(door.machine).toBe(doorMachine);
    expect(door.value).toBe('locking');
    expect(door.active).toEqual(['door', 'door.locking']);
    expect(door.events.map((event) => event.type)).toEqual(['xstate.init', 'door.open', 'door.close']);
    expect(door.events[1].payload).toEqual({ code: '1234' });
    expect(door.times['door.closed']).toEqual({ totalMs: 2_000, visits: 1, enteredAt: undefined });
    expect(door.times['door.open']).toEqual({ totalMs: 500, visits: 1, enteredAt: undefined });
    expect(door.times['door.locking']).toMatchObject({ enteredAt: 3_500, visits: 1 });
    actor.stop();
  });

  it('lists only machine actors (not promises) and marks a stopped one', () => {
    const store = createInspectionStore();
    store.setEnabled(true);
    const actor = createActor(doorMachine, { inspect: store.inspect }).start();
    actor.send({ type: 'door.open', code: '1' });
    actor.send({ type: 'door.close' });
    expect(store.getActors()).toHaveLength(1);
    actor.stop();
    expect(store.getActors()[0].status).toBe('stopped');
    expect(store.getActors()[0].active).toEqual([]);
    expect(store.liveRefs()).toEqual([]);
  });

  it('records nothing while disabled, and picks up running actors from their snapshot when enabled', () => {
    const store = createInspectionStore();
    const actor = createActor(doorMachine, { inspect: store.inspect }).start();
    actor.send({ type: 'door.open', code: '9' });
    expect(store.getActors()).toEqual([]);
    store.setEnabled(true);
    expect(store.getActors().map((entry) => [entry.machineId, entry.value, entry.events.length])).toEqual([['door', 'open', 0]]);
    actor.send({ type: 'door.close' });
    expect(store.getActors()[0].events.map((event) => event.type)).toEqual(['door.close']);
    store.setEnabled(false);
    expect(store.getActors()).toEqual([]);
    actor.stop();
  });

  it('leaves out an actor created but never started (a render React discarded)', () => {
    const store = createInspectionStore();
    createActor(doorMachine, { inspect: store.inspect });
    const running = createActor(doorMachine, { inspect: store.inspect }).start();
    store.setEnabled(true);
    expect(store.getActors().map((entry) => entry.key)).toEqual([running.sessionId]);
    expect(store.liveRefs()).toEqual([running]);
    running.stop();
  });

  it('keeps the last events only, and tells its subscribers of each change', () => {
    const store = createInspectionStore({ maxEvents: 3 });
    store.setEnabled(true);
    let changes = 0;
    const unsubscribe = store.subscribe(() => (changes += 1));
    const actor = createActor(doorMachine, { inspect: store.inspect }).start();
    for (let round = 0; round < 3; round++) {
      actor.send({ type: 'door.open', code: String(round) });
      actor.send({ type: 'door.close' });
    }
    expect(store.getActors()[0].events).toHaveLength(3);
    expect(changes).toBeGreaterThan(6);
    unsubscribe();
    actor.stop();
  });
});
