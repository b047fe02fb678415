import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addressSearchMachine, suggestionAddress } from '../../src/machines/alert/address-search.machine';
import { describePathModel } from './kit';
import { VirtualClock } from './kit-replay';
import { pathModel, suggestion } from './alert-address-search.samples';

describePathModel(pathModel);

describe('address suggestions', () => {
  it('asks the geocoder once typing pauses, with the last text only, and never for fewer than 3 characters', async () => {
    const asked: unknown[] = [];
    const machine = addressSearchMachine.provide({
      actors: {
        suggest: fromPromise(async ({ input }) => {
          asked.push(input);
          return { ok: true as const, data: [suggestion] };
        }),
      },
    });
    const clock = new VirtualClock();
    const actor = createActor(machine, { input: { countryCode: 'FR' }, clock }).start();
    actor.send({ type: 'query.change', text: 'Cl' });
    expect(clock.fireNext()).toBe(false);
    actor.send({ type: 'query.change', text: '1 place' });
    actor.send({ type: 'query.change', text: '1 place de Jaude ' });
    clock.fireNext();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(asked).toEqual([{ text: '1 place de Jaude', countryCode: 'FR' }]);
    expect(actor.getSnapshot().context.suggestions).toEqual([suggestion]);
    actor.send({ type: 'query.clear' });
    expect(actor.getSnapshot().context.suggestions).toEqual([]);
  });

  it('sets up a chosen suggestion with its postcode, so a namesake town is not found instead', () => {
    expect(suggestionAddress(suggestion)).toBe('1 Place de Jaude 63000 Clermont-Ferrand');
    expect(suggestionAddress({ ...suggestion, label: 'Clermont', city: 'Clermont', zipCode: '60600' })).toBe('60600 Clermont');
    expect(suggestionAddress({ ...suggestion, label: 'Rue Blatin', city: 'Clermont-Ferrand', zipCode: '63000' })).toBe('Rue Blatin, 63000 Clermont-Ferrand');
    expect(suggestionAddress({ ...suggestion, label: 'Somewhere', zipCode: '' })).toBe('Somewhere');
  });
});
