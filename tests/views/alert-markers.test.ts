import { describe, expect, it } from 'vitest';
import { metresBetween } from '../../contract/earth';
import { markerLabelsOf } from '../../src/views/alert/parts/format';

/** Responders with the same initials are told apart on the map and in the list. */
describe('responder marker labels', () => {
  it('numbers responders who share initials, in request order, and leaves the others as initials', () => {
    const labels = markerLabelsOf([
      { id: 12, firstName: 'Lucas', lastName: 'Bot C588' },
      { id: 7, firstName: 'Léa', lastName: 'Bernard' },
      { id: 9, firstName: 'Nathan', lastName: 'Bot 3962' },
      { id: 15, firstName: 'luc', lastName: 'bot' },
    ]);
    expect(Object.fromEntries(labels)).toEqual({ 7: 'LB1', 9: 'NB', 12: 'LB2', 15: 'LB3' });
  });
});

describe('distance to the AED', () => {
  it('measures the great circle the server measures with', () => {
    // 0.001° of latitude is about 111 m.
    expect(Math.round(metresBetween({ lat: 45.777, lon: 3.087 }, { lat: 45.778, lon: 3.087 }))).toBe(111);
  });
});
