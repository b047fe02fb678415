import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { inspected, inspection } from '../../src/services/inspection';
import { connectStately, disconnectStately, statelyConnected } from '../../src/services/stately-inspector';

const received: { type: string; [key: string]: unknown }[] = [];
const registered: string[] = [];
let options: { sanitizeContext?: (context: object) => object; sanitizeEvent?: (event: { type: string }) => object } = {};
const stop = vi.fn();

vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: (given: typeof options) => {
    options = given;
    return {
      actor: (ref: { sessionId: string }) => registered.push(ref.sessionId),
      inspect: { next: (event: { type: string }) => received.push(event) },
      stop,
    };
  },
}));

afterEach(() => {
  disconnectStately();
  inspection.setEnabled(false);
});

const signInMachine = setup({ types: { context: {} as { email: string; attempts: number }, events: {} as { type: 'form.submit'; password: string } } }).createMachine({
  id: 'signInForm',
  context: { email: 'ada@example.org', attempts: 0 },
  on: { 'form.submit': {} },
});

describe('Stately inspector', () => {
  it('is off until switched on, then hears the running actors and what follows, redacted; off again stops it', async () => {
    expect(statelyConnected()).toBe(false);
    inspection.setEnabled(true);
    const actor = createActor(signInMachine, inspected).start();
    expect(await connectStately()).toBe(true);
    expect(statelyConnected()).toBe(true);
    expect(registered).toContain(actor.sessionId);
    actor.send({ type: 'form.submit', password: 'Vigil-Demo-2026!' });
    expect(received.map((event) => event.type)).toContain('@xstate.event');
    expect(options.sanitizeContext?.({ email: 'ada@example.org', attempts: 1 })).toEqual({ email: '[redacted]', attempts: 1 });
    expect(options.sanitizeEvent?.({ type: 'form.submit', password: 'x' } as { type: string })).toEqual({ type: 'form.submit', password: '[redacted]' });
    disconnectStately();
    expect(stop).toHaveBeenCalled();
    const before = received.length;
    actor.send({ type: 'form.submit', password: 'again' });
    expect(received.length).toBe(before);
    actor.stop();
  });
});

describe('the default bundle', () => {
  it('never imports @statelyai/inspect statically: only the switch loads it, by a dynamic import', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
    const staticImports = files.filter((file) => /^\s*import[^(]*from\s+'@statelyai\/inspect'/m.test(readFileSync(join('src', file), 'utf8')));
    expect(staticImports).toEqual([]);
    expect(readFileSync('src/services/stately-inspector.ts', 'utf8')).toContain("await import('@statelyai/inspect')");
  });
});
