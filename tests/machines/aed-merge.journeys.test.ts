import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { aedMergeMachine } from '../../src/machines/aed-merge/aed-merge.machine';
import { phaseOf, type AedMergeSnapshot } from '../../src/machines/aed-merge/aed-merge.selectors';
import type { MergeCall, MergeOutcome } from '../../src/machines/aed-merge/aed-merge.types';
import { failure, first, mergeInfo, second } from './aed-merge.fixtures';

/** Pinned journeys of the merge screen (spec §2 "AED merge", §5 "Merge needs at least two AEDs; … a warning asks for confirmation"). */

function start(udids: string[], answers: MergeOutcome[] = [{ ok: true, data: { merged: true, udid: first, warnings: [], mergedUdids: [second] } }]) {
  const infoCalls: Array<{ preferredUdid: string; others: string[] }> = [];
  const merges: MergeCall[] = [];
  const machine = aedMergeMachine.provide({
    actors: {
      loadInfo: fromPromise(async ({ input }: { input: { preferredUdid: string; others: string[] } }) => {
        infoCalls.push({ preferredUdid: input.preferredUdid, others: input.others });
        return { ok: true as const, data: mergeInfo(input.preferredUdid) };
      }),
      merge: fromPromise(async ({ input }: { input: MergeCall }) => {
        merges.push(input);
        return answers.length > 1 ? answers.shift()! : answers[0]!;
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { udids, lang: 'en' } }).start();
  return { actor, infoCalls, merges };
}

const settled = (snapshot: AedMergeSnapshot) => !snapshot.hasTag('busy');

describe('AED merge journeys', () => {
  it('needs two AEDs: one (or the same twice) never reaches the server', async () => {
    const { actor, infoCalls } = start([first, first.toUpperCase()]);
    expect(phaseOf(actor.getSnapshot())).toBe('tooFew');
    expect(actor.getSnapshot().context.errorKey).toBe('error.aed.merge-too-few');
    expect(infoCalls).toEqual([]);
  });

  it('proposes the server’s value per field and merges the differing ones into the first AED', async () => {
    const { actor, infoCalls, merges } = start([first, second]);
    await waitFor(actor, settled);
    expect(infoCalls).toEqual([{ preferredUdid: first, others: [second] }]);
    expect(actor.getSnapshot().context.choices).toEqual({ name: first, serialNumber: first, city: first });
    actor.send({ type: 'merge.choose', field: 'name', udid: second });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, settled);
    expect(merges).toEqual([{ preferredUdid: first, mergedUdids: [second], values: { name: second, serialNumber: first }, confirmEmpty: false }]);
    expect(phaseOf(actor.getSnapshot())).toBe('merged');
    expect(actor.getSnapshot().context.mergedUdid).toBe(first);
  });

  it('asks before keeping an empty chosen value; going back changes nothing, confirming sends confirmEmpty', async () => {
    const { actor, merges } = start([first, second]);
    await waitFor(actor, settled);
    actor.send({ type: 'merge.choose', field: 'serialNumber', udid: second });
    actor.send({ type: 'merge.submit' });
    expect(phaseOf(actor.getSnapshot())).toBe('confirmingEmpty');
    expect(actor.getSnapshot().context.warnings).toEqual([{ field: 'serialNumber', key: 'warning.aed.merge-empty-value' }]);
    actor.send({ type: 'merge.cancel' });
    expect(phaseOf(actor.getSnapshot())).toBe('choosing');
    expect(merges).toEqual([]);
    actor.send({ type: 'merge.submit' });
    actor.send({ type: 'merge.confirm' });
    await waitFor(actor, settled);
    expect(merges).toEqual([{ preferredUdid: first, mergedUdids: [second], values: { name: first, serialNumber: second }, confirmEmpty: true }]);
    expect(phaseOf(actor.getSnapshot())).toBe('merged');
  });

  it('the server’s own warnings ask the same confirmation', async () => {
    const { actor, merges } = start([first, second], [{ ok: true, data: { merged: false, udid: first, warnings: [{ field: 'model', key: 'warning.aed.merge-empty-value' }], mergedUdids: [second] } }, { ok: true, data: { merged: true, udid: first, warnings: [], mergedUdids: [second] } }]);
    await waitFor(actor, settled);
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, settled);
    expect(phaseOf(actor.getSnapshot())).toBe('confirmingEmpty');
    expect(actor.getSnapshot().context.warnings).toEqual([{ field: 'model', key: 'warning.aed.merge-empty-value' }]);
    actor.send({ type: 'merge.confirm' });
    await waitFor(actor, settled);
    expect(merges.map((call) => call.confirmEmpty)).toEqual([false, true]);
  });

  it('another receiving AED reloads the comparison from it', async () => {
    const { actor, infoCalls, merges } = start([first, second]);
    await waitFor(actor, settled);
    actor.send({ type: 'merge.prefer', udid: second });
    await waitFor(actor, settled);
    expect(infoCalls.at(-1)).toEqual({ preferredUdid: second, others: [first] });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, settled);
    expect(merges[0]).toMatchObject({ preferredUdid: second, mergedUdids: [first] });
  });

  it('a removed receiving AED is said, and nothing is merged', async () => {
    const { actor } = start([first, second], [failure('error.aed.merge-receiver-removed', 409)]);
    await waitFor(actor, settled);
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, settled);
    expect(phaseOf(actor.getSnapshot())).toBe('choosing');
    expect(actor.getSnapshot().context.errorKey).toBe('error.aed.merge-receiver-removed');
  });
});
