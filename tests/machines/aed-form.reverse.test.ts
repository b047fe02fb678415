import { describe, expect, it } from 'vitest';
import { addressEdits } from '../../src/machines/aed-form/aed-form.rules';
import { communeResult, geoResult } from './aed-form.fixtures';

describe('reverse geocoding on the AED form', () => {
  it('replaces the whole address: street, zip code, city and country', () => {
    expect(addressEdits({ ...geoResult, countryCode: 'fr' })).toEqual({ address: '5 Rue Croisier', city: 'Riom', zipCode: '63200', country: 'FR' });
  });

  it('empties the street when only the commune is known, rather than keep the old street in the new town', () => {
    expect(addressEdits(communeResult)).toEqual({ address: null, city: 'Riom', zipCode: '63200', country: 'FR' });
  });
});
