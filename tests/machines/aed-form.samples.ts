import type { AnyMachineSnapshot } from 'xstate';
import { aedFormMachine } from '../../src/machines/aed-form/aed-form.machine';
import { validateDraft } from '../../src/machines/aed-form/aed-form.rules';
import type { AedFormContext } from '../../src/machines/aed-form/aed-form.types';
import { aedDetail, failure, geoResult, goodPicture, textFile, udid, validContact } from './aed-form.fixtures';
import { definePathModel, type EventSamples } from './kit';

/** Model of the AED form machine for `npm run test:paths` and tests/machines/aed-form.model.test.ts. */

export const aedFormEvents = {
  'form.reload': [{ type: 'form.reload' }],
  'field.change': [
    { type: 'field.change', field: 'name', value: 'Mairie de Riom — accueil' },
    // Spec §5: an opening time after its closing time.
    { type: 'field.change', field: 'openingHours', value: { '1': [{ open: '18:00', close: '08:00' }] } },
  ],
  'form.save': [{ type: 'form.save' }],
  'form.discard': [{ type: 'form.discard' }],
  'location.geocode': [{ type: 'location.geocode' }],
  'location.pick': [{ type: 'location.pick', index: 0 }],
  'location.pin': [{ type: 'location.pin', lat: 45.8945, lon: 3.1135 }],
  'location.reverse': [{ type: 'location.reverse' }],
  'availability.change': [
    { type: 'availability.change', change: { status: 'unavailable', reason: 'maintenance', endDate: '2099-01-01' } },
    { type: 'availability.change', change: { status: 'unavailable' } },
    { type: 'availability.change', change: { status: 'available' } },
  ],
  'certification.change': [{ type: 'certification.change', certified: true }],
  'aed.confirm': [{ type: 'aed.confirm' }],
  'aed.delete': [{ type: 'aed.delete' }],
  'aed.restore': [{ type: 'aed.restore' }],
  'picture.add': [
    { type: 'picture.add', files: [goodPicture()] },
    { type: 'picture.add', files: [textFile()] },
  ],
  'picture.rotate': [{ type: 'picture.rotate', filename: 'a1b2c3.jpg', degrees: 90 }],
  'picture.delete': [{ type: 'picture.delete', id: 7 }],
  'contact.save': [
    { type: 'contact.save', contact: validContact },
    { type: 'contact.save', contact: { ...validContact, email: '', phone: '' } },
  ],
  'contact.delete': [{ type: 'contact.delete', id: 3 }],
  'report.add': [{ type: 'report.add', report: { problem: 3, description: 'Behind the reception desk now', email: 'paul@example.net' } }],
  'report.template': [{ type: 'report.template', problemType: 2 }],
  'report.mail': [{ type: 'report.mail', id: 11, choice: { lang: 'en', subject: 'Your report', text: 'We are on it.' } }],
  'report.resolve': [{ type: 'report.resolve', id: 11, city: 'Riom', choice: { sendEmail: false } }],
  'report.soluble': [{ type: 'report.soluble', id: 11 }],
  'report.delete': [{ type: 'report.delete', id: 11 }],
  'geodae.link': [{ type: 'geodae.link', geoDaeUdid: 'geodae-1' }],
} satisfies EventSamples<typeof aedFormMachine>;

/** Only what guards read: the state, the AED's availability, whether there are edits and whether they are valid, geocoding answers. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as AedFormContext;
  const dirty = Object.keys(context.draft).length > 0;
  return JSON.stringify({
    value: snapshot.value,
    status: context.aed?.status ?? null,
    draft: dirty ? (Object.keys(validateDraft(context.draft)).length ? 'invalid' : 'valid') : 'clean',
    geo: context.geoResults !== null,
  });
}

export const pathModel = definePathModel({
  machine: aedFormMachine,
  input: { udid, lang: 'en' },
  events: aedFormEvents,
  actors: {
    load: { done: [{ ok: true, data: { aed: aedDetail(), options: null, countries: [], duplicates: [] } }, failure('error.aed.not-found', 404)], error: [new Error('boom')] },
    save: { done: [{ ok: true, data: aedDetail({ name: 'Mairie de Riom — accueil' }) }, failure('error.aed.already-exists', 409, { udid: 'other' })], error: [new Error('boom')] },
    act: { done: [{ ok: true, data: aedDetail() }, { ok: true, data: aedDetail({ status: 'deleted', deletedAt: '2026-03-01T10:00:00.000Z' }) }, failure('error.aed.availability-not-compliant', 409)], error: [new Error('boom')] },
    geocode: { done: [{ ok: true, data: [geoResult] }, failure('error.geocoding.address-not-found', 404)], error: [new Error('boom')] },
    reverseGeocode: { done: [{ ok: true, data: geoResult }, failure('error.geocoding.reverse-failed', 404)], error: [new Error('boom')] },
    loadTemplate: { done: [{ ok: true, data: { lang: 'en', type: 2, subject: 'Your report', text: 'Thank you {aedName}' } }, failure('error.aed.template', 500)], error: [new Error('boom')] },
  },
  serializeState,
});
