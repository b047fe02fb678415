import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { simulatorMachine } from '../../src/machines/simulator/simulator.machine';
import { comparisonOf, isBusy } from '../../src/machines/simulator/simulator.selectors';
import type { SimulationForm } from '../../src/machines/simulator/simulator.types';
import { ok } from './audit-log.fixtures';
import { describePathModel } from './kit';
import { VirtualClock } from './kit-replay';
import { pathModel, simulationRun } from './simulator.samples';

/** The simulator machine: model-based replay (simulator.samples.ts), then a run followed until done. */
describePathModel(pathModel);

describe('simulator journeys', () => {
  it('starts a run of the form, reads it again until its job is done, then shows both policies and the list again', async () => {
    const started: SimulationForm[] = [];
    const reads = [ok(simulationRun('running')), ok(simulationRun('done'))];
    let listed = 0;
    const clock = new VirtualClock();
    const machine = simulatorMachine.provide({
      actors: {
        loadRuns: fromPromise(async () => {
          listed += 1;
          return ok([]) as never;
        }),
        startRun: fromPromise(async ({ input }: { input: SimulationForm }) => {
          started.push(input);
          return ok(simulationRun('queued')) as never;
        }),
        loadRun: fromPromise(async () => reads.shift() as never),
      } as never,
    });
    const actor = createActor(machine, { clock, input: { today: new Date('2026-11-28T10:00:00Z') } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'policy.change', changes: { radiusKm: 0.9 } });
    actor.send({ type: 'escalation.change', changes: { enabled: true } });
    actor.send({ type: 'run.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ following: 'waiting' }));
    expect(started).toEqual([expect.objectContaining({ startDate: '2026-10-31', endDate: '2026-11-27', proposed: expect.objectContaining({ radiusKm: 0.9, escalation: expect.objectContaining({ enabled: true }) }) })]);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    clock.fireNext();
    await waitFor(actor, (snapshot) => snapshot.matches({ following: 'waiting' }) && snapshot.context.run?.status === 'running');
    clock.fireNext();
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && listed === 2);
    expect(comparisonOf(actor.getSnapshot())?.proposed.firstOnSite).toEqual({ median: 124, p90: 498 });
  });
});
