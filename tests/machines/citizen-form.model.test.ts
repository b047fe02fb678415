import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { citizenFormMachine, retryDelaysMs } from '../../src/machines/citizen-form/citizen-form.machine';
import { formPhaseOf, problemsOf } from '../../src/machines/citizen-form/citizen-form.selectors';
import type { SubmitInput } from '../../src/machines/citizen-form/citizen-form.types';
import { clearDraft, readDraft, writeDraft } from '../../src/services/interview.api';
import { describePathModel } from './kit';
import { VirtualClock } from './kit-replay';
import { emptyIssues, failure, interviewFormSample, ok } from './history.fixtures';
import { pathModel, pendingDraft } from './citizen-form.samples';

/**
 * The post-intervention form machine: model-based replay (citizen-form.samples.ts), then the
 * journeys of spec §5 and of a draft that is never lost, with the real draft store.
 */
describePathModel(pathModel);

const done = ok({ contactStatus: 'done' as const, recallAt: null, recorded: true });

function scripted(id: number, sends: unknown[]) {
  const sent: SubmitInput[] = [];
  const clock = new VirtualClock();
  const machine = citizenFormMachine.provide({
    actors: {
      loadForm: fromPromise(async () => ok({ form: interviewFormSample({ id }), draft: readDraft(id) }) as never),
      submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
        sent.push(structuredClone(input));
        return (sends.length > 1 ? sends.shift() : sends[0]) as never;
      }),
    } as never,
    actions: { announce: () => undefined },
  });
  const actor = createActor(machine, { input: { id }, clock }).start();
  return { actor, sent, clock };
}

const settled = (actor: ReturnType<typeof scripted>['actor']) => waitFor(actor, (snapshot) => !snapshot.matches('loading') && !snapshot.matches('sending'));

describe('post-intervention form journeys', () => {
  it('shows an invalid massage duration, clears it as the value is fixed, then sends the answers', async () => {
    const { actor, sent } = scripted(101, [done]);
    await settled(actor);
    expect(formPhaseOf(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.answers.identity.age).toBe(34);
    actor.send({ type: 'outcome.choose', outcome: 'done' });
    actor.send({ type: 'field.change', section: 'intervention', field: 'massageDuration', value: 'other' });
    actor.send({ type: 'field.change', section: 'intervention', field: 'massageDurationOther', value: 8 });
    actor.send({ type: 'form.submit' });
    expect(formPhaseOf(actor.getSnapshot())).toBe('editing');
    expect(problemsOf(actor.getSnapshot())).toEqual({ 'intervention.massageDurationOther': 'error.callback.massage-duration-other' });
    expect(sent).toHaveLength(0);
    actor.send({ type: 'field.change', section: 'intervention', field: 'massageDurationOther', value: 15 });
    expect(problemsOf(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(formPhaseOf(actor.getSnapshot())).toBe('sent');
    expect(sent[0].body).toMatchObject({ outcome: 'done', recallAt: null, answers: { intervention: { massageDuration: 'other', massageDurationOther: 15 } } });
    expect(sent[0].body.draftId).toMatch(/^[0-9a-f-]{36}$/);
    expect(readDraft(101)).toBeNull();
  });

  it('asks for a recall date in the future', async () => {
    const { actor, sent } = scripted(102, [done]);
    await settled(actor);
    actor.send({ type: 'outcome.choose', outcome: 'recall' });
    actor.send({ type: 'form.submit' });
    expect(problemsOf(actor.getSnapshot())).toEqual({ recallAt: 'error.callback.recall-date-required' });
    actor.send({ type: 'recall.choose', recallAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect(problemsOf(actor.getSnapshot())).toEqual({ recallAt: 'error.callback.recall-in-past' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    actor.send({ type: 'recall.choose', recallAt: tomorrow });
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(sent[0].body).toMatchObject({ outcome: 'recall', recallAt: tomorrow });
  });

  it('never loses a draft: a failed send stays in the browser, pending, and is sent again with the same draft id', async () => {
    const { actor, sent, clock } = scripted(103, [failure('error.network'), failure('error.server', 503), done]);
    await settled(actor);
    actor.send({ type: 'outcome.choose', outcome: 'noAnswer' });
    actor.send({ type: 'note.change', note: 'Messagerie pleine' });
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(formPhaseOf(actor.getSnapshot())).toBe('sendFailed');
    const kept = readDraft(103)!;
    expect(kept).toMatchObject({ pending: true, outcome: 'noAnswer', note: 'Messagerie pleine', body: { outcome: 'noAnswer', note: 'Messagerie pleine' } });
    actor.send({ type: 'form.retry' });
    await settled(actor);
    expect(formPhaseOf(actor.getSnapshot())).toBe('sendFailed');
    // The second failure in a row waits longer before the automatic try.
    const before = clock.now;
    clock.fireNext();
    expect(clock.now - before).toBe(retryDelaysMs[1]);
    await settled(actor);
    expect(formPhaseOf(actor.getSnapshot())).toBe('sent');
    expect(sent.map((call) => call.body.draftId)).toEqual([kept.draftId, kept.draftId, kept.draftId]);
    expect(readDraft(103)).toBeNull();
  });

  it('sends a pending draft again as soon as the page opens', async () => {
    writeDraft(104, pendingDraft);
    const { actor, sent } = scripted(104, [done]);
    await settled(actor);
    expect(formPhaseOf(actor.getSnapshot())).toBe('sent');
    expect(sent[0].body).toMatchObject({ draftId: pendingDraft.draftId, outcome: 'noAnswer' });
    expect(readDraft(104)).toBeNull();
  });

  it('restores a draft left unsent, without sending it, and keeps a rejected one for the user to fix', async () => {
    writeDraft(105, { ...pendingDraft, pending: false, note: 'En cours de saisie' });
    const { actor, sent } = scripted(105, [failure('error.callback.refused', 409)]);
    await settled(actor);
    expect(formPhaseOf(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ restored: true, note: 'En cours de saisie', draftId: pendingDraft.draftId });
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(formPhaseOf(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.sendError).toBe('error.callback.refused');
    expect(readDraft(105)).toMatchObject({ pending: false, note: 'En cours de saisie' });
    expect(sent).toHaveLength(1);
    clearDraft(105);
  });

  it('sends the technical issues of the modal with the call', async () => {
    const { actor, sent } = scripted(106, [done]);
    await settled(actor);
    actor.send({ type: 'issues.open' });
    expect(actor.getSnapshot().matches({ editing: 'issues' })).toBe(true);
    const issues = { ...emptyIssues(), kinds: ['appCrash' as const], phoneOs: 'ios' as const, description: 'Crash à l’ouverture' };
    actor.send({ type: 'issues.save', technicalIssues: issues });
    actor.send({ type: 'outcome.choose', outcome: 'noAnswer' });
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(sent[0].body.technicalIssues).toEqual(issues);
  });
});
