import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { responderValidationMachine } from '../../src/machines/responder-validation/responder-validation.machine';
import { diplomaOf, phaseOf, type ResponderValidationSnapshot } from '../../src/machines/responder-validation/responder-validation.selectors';
import { onNotice, type Notice } from '../../src/services/notify';
import { diplomaFile, failure, patched, validationPage } from './validation.fixtures';

/** Pinned journeys of the validation of citizen responders (spec §4 "Responder validation", §8). */

function start(script: { page?: (page: number) => unknown; patch?: (body: { status: string; ids?: number[]; all?: true }) => unknown; diploma?: () => unknown } = {}) {
  const calls: Array<{ src: string; input: unknown }> = [];
  const released: string[] = [];
  const record = (src: string, answer: (input: never) => unknown) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push({ src, input });
      return answer(input as never);
    });
  const machine = responderValidationMachine.provide({
    actors: {
      loadPage: record('loadPage', ({ page }: { page: number }) => (script.page ? script.page(page) : validationPage([812, 815, 820], 3))),
      patch: record('patch', (body: { status: string; ids?: number[] }) => (script.patch ? script.patch(body) : patched(body.status as 'activated', body.ids ?? [812, 815, 820]))),
      loadDiploma: record('loadDiploma', () => (script.diploma ? script.diploma() : { ok: true, data: diplomaFile })),
    } as never,
    actions: { releaseDiploma: ({ context }) => void (context.diploma && released.push(context.diploma.url)) },
  });
  const actor = createActor(machine, { input: { lang: 'fr' } }).start();
  return { actor, released, of: (src: string) => calls.filter((call) => call.src === src).map((call) => call.input) };
}

const ready = (snapshot: ResponderValidationSnapshot) => phaseOf(snapshot) === 'ready';

let stopNotices: (() => void) | null = null;
afterEach(() => stopNotices?.());
function collectNotices(): Notice[] {
  const notices: Notice[] = [];
  stopNotices = onNotice((notice) => notices.push(notice));
  return notices;
}

describe('responder validation journeys', () => {
  it('lists the waiting responders 20 per page in the user language', async () => {
    const { actor, of } = start();
    await waitFor(actor, ready);
    expect(of('loadPage')).toEqual([{ lang: 'fr', page: 0, limit: 20 }]);
    expect(actor.getSnapshot().context.count).toBe(3);
  });

  it('validates one responder only after the confirmation, then reloads', async () => {
    const notices = collectNotices();
    const { actor, of } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'validation.ask', request: { status: 'activated', ids: [815] } });
    expect(phaseOf(actor.getSnapshot())).toBe('confirming');
    expect(of('patch')).toEqual([]);
    actor.send({ type: 'validation.confirm' });
    await waitFor(actor, (snapshot) => ready(snapshot) && of('loadPage').length === 2);
    expect(of('patch')).toEqual([{ status: 'activated', ids: [815] }]);
    expect(notices[0]).toMatchObject({ type: 'success', key: 'validation.activated.done', values: { count: 1 } });
  });

  it('a cancelled confirmation changes nothing', async () => {
    const { actor, of } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'validation.ask', request: { status: 'refused', all: true } });
    actor.send({ type: 'validation.cancel' });
    expect(phaseOf(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.request).toBeNull();
    expect(of('patch')).toEqual([]);
  });

  it('refuses the ticked responders, or all of them, only once a reason is given (a note with "other")', async () => {
    const { actor, of } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'selection.change', ids: [812, 820] });
    actor.send({ type: 'validation.ask', request: { status: 'refused', ids: actor.getSnapshot().context.selection } });
    actor.send({ type: 'validation.confirm' });
    actor.send({ type: 'validation.confirm', refusal: { reason: 'other', note: '  ' } });
    expect(phaseOf(actor.getSnapshot())).toBe('confirming');
    actor.send({ type: 'validation.confirm', refusal: { reason: 'diplomaUnreadable' } });
    await waitFor(actor, (snapshot) => ready(snapshot) && of('loadPage').length === 2);
    expect(actor.getSnapshot().context.selection).toEqual([]);
    actor.send({ type: 'validation.ask', request: { status: 'refused', all: true } });
    actor.send({ type: 'validation.confirm', refusal: { reason: 'other', note: ' Photo floue ' } });
    await waitFor(actor, (snapshot) => ready(snapshot) && of('loadPage').length === 3);
    expect(of('patch')).toEqual([
      { status: 'refused', ids: [812, 820], reason: 'diplomaUnreadable' },
      { status: 'refused', all: true, reason: 'other', note: 'Photo floue' },
    ]);
  });

  it('a request naming nobody is the empty payload: said, not sent', async () => {
    const notices = collectNotices();
    const { actor, of } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'validation.ask', request: { status: 'activated', ids: [] } });
    expect(phaseOf(actor.getSnapshot())).toBe('ready');
    expect(of('patch')).toEqual([]);
    expect(notices.map((notice) => notice.key)).toEqual(['error.responder-validation.empty-payload']);
  });

  it('validating the whole of a page above the first steps back a page', async () => {
    const { actor, of } = start({ page: (page) => (page === 1 ? validationPage([901], 21) : validationPage([812], 21)) });
    await waitFor(actor, ready);
    actor.send({ type: 'page.change', page: 1 });
    await waitFor(actor, (snapshot) => ready(snapshot) && of('loadPage').length === 2);
    actor.send({ type: 'validation.ask', request: { status: 'activated', ids: [901] } });
    actor.send({ type: 'validation.confirm' });
    await waitFor(actor, (snapshot) => ready(snapshot) && of('loadPage').length === 3);
    expect(of('loadPage').map((query) => (query as { page: number }).page)).toEqual([0, 1, 0]);
  });

  it('a refused validation says why and keeps the list', async () => {
    const notices = collectNotices();
    const { actor, of } = start({ patch: () => failure('error.responder-validation.validate', 404, { missing: [815] }) });
    await waitFor(actor, ready);
    actor.send({ type: 'validation.ask', request: { status: 'activated', ids: [815] } });
    actor.send({ type: 'validation.confirm' });
    await waitFor(actor, (snapshot) => ready(snapshot) && notices.length === 1);
    expect(notices[0]).toMatchObject({ type: 'error', key: 'error.responder-validation.validate' });
    expect(of('loadPage')).toHaveLength(1);
  });

  it('shows a diploma from its blob, releases it on close, and closes it when its responder is validated', async () => {
    const { actor, released } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'diploma.open', id: 815 });
    await waitFor(actor, (snapshot) => diplomaOf(snapshot).state === 'showing');
    expect(diplomaOf(actor.getSnapshot())).toMatchObject({ id: 815, file: diplomaFile, responder: { id: 815 } });
    actor.send({ type: 'diploma.close' });
    expect(released).toEqual(['blob:diploma-812']);
    actor.send({ type: 'diploma.open', id: 815 });
    await waitFor(actor, (snapshot) => diplomaOf(snapshot).state === 'showing');
    actor.send({ type: 'validation.ask', request: { status: 'activated', ids: [815] } });
    actor.send({ type: 'validation.confirm' });
    await waitFor(actor, (snapshot) => diplomaOf(snapshot).state === 'closed');
    expect(released).toHaveLength(2);
  });

  it('a diploma that cannot be loaded says so', async () => {
    const notices = collectNotices();
    const { actor } = start({ diploma: () => failure('error.responder-validation.image', 404) });
    await waitFor(actor, ready);
    actor.send({ type: 'diploma.open', id: 820 });
    await waitFor(actor, (snapshot) => diplomaOf(snapshot).state === 'failed');
    expect(notices.map((notice) => notice.key)).toEqual(['error.responder-validation.image']);
  });
});
