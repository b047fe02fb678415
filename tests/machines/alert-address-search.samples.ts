import { addressSearchMachine } from '../../src/machines/alert/address-search.machine';
import { failure } from './alert.fixtures';
import { definePathModel, type EventSamples } from './kit';

/** Model of the alert address suggestions for `npm run test:paths`. */
export const addressSearchEvents = {
  'query.change': [{ type: 'query.change', text: '1 place de Jaude' }, { type: 'query.change', text: 'Cl' }],
  'query.clear': [{ type: 'query.clear' }],
} satisfies EventSamples<typeof addressSearchMachine>;

export const suggestion = { label: '1 Place de Jaude 63000 Clermont-Ferrand', lat: 45.7772, lon: 3.087, city: 'Clermont-Ferrand', zipCode: '63000', countryCode: 'FR', precision: 'housenumber' as const, score: 0.9, needsPinMove: false, street: '1 Place de Jaude', departementCode: '63', departementName: 'Puy-de-Dôme', distanceKm: 3.1, outsideArea: false };

export const pathModel = definePathModel({
  machine: addressSearchMachine,
  input: { countryCode: 'FR' },
  events: addressSearchEvents,
  actors: { suggest: { done: [{ ok: true, data: [suggestion] }, failure('error.geo.address-not-found')], error: [new Error('boom')] } },
});
