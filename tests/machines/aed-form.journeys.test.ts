import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AedDetail } from '../../contract/aed.schemas';
import { aedFormMachine } from '../../src/machines/aed-form/aed-form.machine';
import { availabilityChoicesOf, canDelete, canRestore, isBusy, phaseOf, valueOf, type AedFormSnapshot } from '../../src/machines/aed-form/aed-form.selectors';
import { blankAed } from '../../src/machines/aed-form/aed-form.rules';
import type { AedAction, AedDraft } from '../../src/machines/aed-form/aed-form.types';
import type { Result } from '../../src/services/http';
import { onNotice, type Notice } from '../../src/services/notify';
import { aedDetail, communeResult, failure, geoResult, goodPicture, hugePicture, textFile, udid, validContact } from './aed-form.fixtures';

/** Pinned journeys of the AED form (spec §2 "AED form", §4 availability, §5 validation), with the calls the machine made. */

interface Script {
  load?: Result<{ aed: AedDetail; options: null; countries: []; duplicates: [] }>;
  save?: (draft: AedDraft) => Result<AedDetail> | Promise<Result<AedDetail>>;
  act?: (action: AedAction) => Result<AedDetail>;
}

function start(script: Script = {}) {
  const saves: AedDraft[] = [];
  const actions: AedAction[] = [];
  const geocodes: unknown[] = [];
  let stored = aedDetail();
  const machine = aedFormMachine.provide({
    actors: {
      load: fromPromise(async () => script.load ?? { ok: true as const, data: { aed: stored, options: null, countries: [], duplicates: [] } }),
      save: fromPromise(async ({ input }: { input: { draft: AedDraft } }) => {
        saves.push(input.draft);
        if (script.save) return script.save(input.draft);
        stored = { ...stored, ...(input.draft as Partial<AedDetail>) };
        return { ok: true as const, data: stored };
      }),
      act: fromPromise(async ({ input }: { input: { action: AedAction } }) => {
        actions.push(input.action);
        return script.act ? script.act(input.action) : { ok: true as const, data: stored };
      }),
      geocode: fromPromise(async ({ input }: { input: unknown }) => {
        geocodes.push(input);
        return { ok: true as const, data: [communeResult, geoResult] };
      }),
      reverseGeocode: fromPromise(async () => ({ ok: true as const, data: geoResult })),
      loadTemplate: fromPromise(async () => ({ ok: true as const, data: { lang: 'en', type: 2, subject: 'About your report', text: 'Thank you for reporting {aedName}.' } })),
    } as never,
  });
  const actor = createActor(machine, { input: { udid, lang: 'en' } }).start();
  return { actor, saves, actions, geocodes };
}

const idle = (snapshot: AedFormSnapshot) => snapshot.matches({ editing: 'idle' }) || snapshot.matches('loadFailed');
let stopNotices: (() => void) | null = null;
afterEach(() => stopNotices?.());
function collectNotices(): Notice[] {
  const notices: Notice[] = [];
  stopNotices = onNotice((notice) => notices.push(notice));
  return notices;
}

describe('AED form journeys', () => {
  it('loads the AED, and offers a reload when it cannot', async () => {
    const { actor } = start({ load: failure('error.aed.not-found', 404) });
    await waitFor(actor, idle);
    expect(phaseOf(actor.getSnapshot())).toBe('loadFailed');
    expect(actor.getSnapshot().context.errorKey).toBe('error.aed.not-found');
    const loaded = start();
    await waitFor(loaded.actor, idle);
    expect(valueOf(loaded.actor.getSnapshot(), 'name')).toBe('Mairie de Riom');
  });

  it('keeps edits in a draft over the stored AED and saves only them; an edit back to the stored value is no edit', async () => {
    const notices = collectNotices();
    const { actor, saves } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', field: 'name', value: 'Mairie de Riom — accueil' });
    actor.send({ type: 'field.change', field: 'city', value: 'Mozac' });
    actor.send({ type: 'field.change', field: 'city', value: 'Riom' });
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Mairie de Riom — accueil' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, idle);
    expect(saves).toEqual([{ name: 'Mairie de Riom — accueil' }]);
    expect(actor.getSnapshot().context.draft).toEqual({});
    expect(valueOf(actor.getSnapshot(), 'name')).toBe('Mairie de Riom — accueil');
    expect(notices.map((notice) => notice.key)).toEqual(['aed.form.saved']);
  });

  it('refuses opening hours that break §5 before sending anything, and names the range', async () => {
    const notices = collectNotices();
    const { actor, saves } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', field: 'openingHours', value: { '1': [{ open: '18:00', close: '08:00' }], '2': [{ open: '8h', close: '12:00' }], '3': [{ open: '08:00', close: '12:00' }, { open: '11:00', close: '14:00' }] } });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(saves).toEqual([]);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      'openingHours.1.0': 'error.aed.hours-order',
      'openingHours.2.0': 'error.aed.hours-invalid',
      'openingHours.3': 'error.aed.hours-overlap',
    });
    expect(notices.map((notice) => notice.key)).toEqual(['aed.form.invalid']);
    // Fixing the field clears its errors; the draft was never lost.
    actor.send({ type: 'field.change', field: 'openingHours', value: { '1': [{ open: '08:00', close: '18:00' }] } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.save' });
    await waitFor(actor, idle);
    expect(saves).toEqual([{ openingHours: { '1': [{ open: '08:00', close: '18:00' }] } }]);
  });

  it('a failed save keeps every edit, with the server’s field errors, and edits made while it ran', async () => {
    let answer!: (value: Result<AedDetail>) => void;
    const { actor, saves } = start({ save: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', field: 'name', value: 'Mairie' });
    actor.send({ type: 'form.save' });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'field.change', field: 'floor', value: '1' });
    answer(failure('error.aed.already-exists', 409, [{ field: 'name', message: 'error.aed.already-exists' }]));
    await waitFor(actor, idle);
    const snapshot = actor.getSnapshot();
    expect(saves).toEqual([{ name: 'Mairie' }]);
    expect(snapshot.context.draft).toEqual({ name: 'Mairie', floor: '1' });
    expect(snapshot.context.errorKey).toBe('error.aed.already-exists');
    expect(snapshot.context.fieldErrors).toEqual({ name: 'error.aed.already-exists' });
  });

  it('after a save, edits made while it ran stay in the draft', async () => {
    let answer!: (value: Result<AedDetail>) => void;
    const { actor } = start({ save: (draft) => new Promise((resolve) => (answer = () => resolve({ ok: true, data: aedDetail(draft as Partial<AedDetail>) }))) });
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', field: 'name', value: 'Mairie' });
    actor.send({ type: 'form.save' });
    actor.send({ type: 'field.change', field: 'floor', value: '2' });
    answer({ ok: true, data: aedDetail() });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.draft).toEqual({ floor: '2' });
  });

  it('geocodes the address, places the pin on the chosen answer, and asks to move a commune-precision pin', async () => {
    const { actor, geocodes } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', field: 'city', value: '' });
    actor.send({ type: 'location.geocode' });
    await waitFor(actor, idle);
    expect(geocodes).toEqual([{ address: '5 rue Croisier', city: undefined, zipCode: '63200', countryCode: 'FR' }]);
    actor.send({ type: 'location.pick', index: 0 });
    let snapshot = actor.getSnapshot();
    expect(snapshot.context.needsPinMove).toBe(true);
    // The blank city takes the answer's (the stored one: no edit left), the pin goes to the answer.
    expect(valueOf(snapshot, 'city')).toBe('Riom');
    expect(valueOf(snapshot, 'lat')).toBe(communeResult.lat);
    actor.send({ type: 'location.pin', lat: 45.89412345, lon: 3.11321 });
    snapshot = actor.getSnapshot();
    expect(snapshot.context.needsPinMove).toBe(false);
    expect(snapshot.context.draft).toMatchObject({ lat: 45.894123, lon: 3.11321 });
    actor.send({ type: 'location.reverse' });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.draft).toEqual({ lat: 45.894123, lon: 3.11321, address: '5 Rue Croisier' });
    expect(valueOf(actor.getSnapshot(), 'zipCode')).toBe('63200');
  });

  it('offers only the availability changes the chart allows, and checks reason and end date first', async () => {
    const notices = collectNotices();
    const { actor, actions } = start({ act: (action) => ({ ok: true, data: aedDetail(action.kind === 'availability' ? { status: action.change.status, unavailableReason: action.change.reason ?? null, unavailableUntil: action.change.endDate ?? null } : {}) }) });
    await waitFor(actor, idle);
    expect(availabilityChoicesOf(actor.getSnapshot())).toEqual(['inMaintenance', 'unavailable']);
    actor.send({ type: 'availability.change', change: { status: 'available' } });
    actor.send({ type: 'availability.change', change: { status: 'unavailable' } });
    actor.send({ type: 'availability.change', change: { status: 'unavailable', reason: 'maintenance', endDate: '2001-01-01' } });
    expect(actions).toEqual([]);
    expect(notices.map((notice) => notice.key)).toEqual(['error.aed.availability-not-compliant', 'error.aed.unavailable-reason-required', 'error.aed.end-date-past']);
    actor.send({ type: 'availability.change', change: { status: 'unavailable', reason: 'temporarilyUnavailable', endDate: '2099-06-01' } });
    await waitFor(actor, idle);
    expect(actions).toEqual([{ kind: 'availability', change: { status: 'unavailable', reason: 'temporarilyUnavailable', endDate: '2099-06-01' } }]);
    expect(actor.getSnapshot().context.aed?.status).toBe('unavailable');
    expect(availabilityChoicesOf(actor.getSnapshot())).toEqual(['available', 'inMaintenance', 'unavailable']);
  });

  it('soft-deletes and restores; a deleted AED takes no edit but a restore', async () => {
    let status: AedDetail['status'] = 'available';
    const { actor, actions, saves } = start({
      act: (action) => {
        if (action.kind === 'delete') status = 'deleted';
        if (action.kind === 'restore') status = 'available';
        return { ok: true, data: aedDetail({ status }) };
      },
    });
    await waitFor(actor, idle);
    expect(canRestore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'field.change', field: 'name', value: 'Mairie' });
    actor.send({ type: 'aed.delete' });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.aed?.status).toBe('deleted');
    expect(canDelete(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.save' });
    actor.send({ type: 'certification.change', certified: true });
    actor.send({ type: 'picture.add', files: [goodPicture()] });
    expect(saves).toEqual([]);
    expect(actions.map((action) => action.kind)).toEqual(['delete']);
    actor.send({ type: 'aed.restore' });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.aed?.status).toBe('available');
    // The edit made before the delete is still there.
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Mairie' });
  });

  it('refuses a picture that is not an image or weighs over 5 MB without sending it; sends good ones, rotates and deletes', async () => {
    const notices = collectNotices();
    const { actor, actions } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'picture.add', files: [textFile()] });
    actor.send({ type: 'picture.add', files: [hugePicture()] });
    expect(actions).toEqual([]);
    expect(notices.map((notice) => notice.key)).toEqual(['error.aed.picture-not-image', 'error.aed.picture-too-large']);
    const picture = goodPicture();
    actor.send({ type: 'picture.add', files: [picture] });
    await waitFor(actor, idle);
    actor.send({ type: 'picture.rotate', filename: 'a1b2c3.jpg', degrees: 90 });
    await waitFor(actor, idle);
    actor.send({ type: 'picture.delete', id: 7 });
    await waitFor(actor, idle);
    expect(actions).toEqual([{ kind: 'pictureAdd', files: [picture] }, { kind: 'pictureRotate', filename: 'a1b2c3.jpg', degrees: 90 }, { kind: 'pictureDelete', id: 7 }]);
    expect(actor.getSnapshot().context.done).toEqual({ kind: 'pictureDelete', seq: 3 });
  });

  it('checks a contact as §5 says before sending it, and shows the server’s answer on its fields', async () => {
    const { actor, actions } = start({ act: (action) => (action.kind === 'contactSave' && action.contact.phone === '0999' ? failure('error.aed.contact-phone-invalid', 400, [{ field: 'contacts.0.phone', message: 'error.aed.contact-phone-invalid' }]) : { ok: true, data: aedDetail() }) });
    await waitFor(actor, idle);
    actor.send({ type: 'contact.save', contact: { ...validContact, firstName: '', email: '', phone: '' } });
    expect(actor.getSnapshot().context.contactErrors).toEqual({ firstName: 'error.aed.contact-invalid', email: 'error.aed.contact-email-or-phone' });
    actor.send({ type: 'contact.save', contact: { ...validContact, phone: '12', email: 'not-an-email' } });
    expect(actor.getSnapshot().context.contactErrors).toEqual({ email: 'error.auth.invalid-email', phone: 'error.aed.contact-phone-invalid' });
    expect(actions).toEqual([]);
    actor.send({ type: 'contact.save', contact: validContact });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.contactErrors).toEqual({});
    expect(actor.getSnapshot().context.done?.kind).toBe('contactSave');
    actor.send({ type: 'contact.delete', id: 3 });
    await waitFor(actor, idle);
    expect(actions.map((action) => action.kind)).toEqual(['contactSave', 'contactDelete']);
  });

  it('resolves a report with or without a mail (from the template, edited), marks one soluble, deletes one', async () => {
    const { actor, actions } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'report.resolve', id: 11, city: 'Riom', choice: { sendEmail: false } });
    await waitFor(actor, idle);
    actor.send({ type: 'report.template', problemType: 2 });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.template?.subject).toBe('About your report');
    actor.send({ type: 'report.resolve', id: 11, city: 'Riom', choice: { sendEmail: true, lang: 'en', subject: 'About your report', text: 'Fixed, thank you.' } });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.template).toBeNull();
    actor.send({ type: 'report.soluble', id: 11 });
    await waitFor(actor, idle);
    actor.send({ type: 'report.delete', id: 11 });
    await waitFor(actor, idle);
    expect(actions).toEqual([
      { kind: 'reportResolve', id: 11, city: 'Riom', choice: { sendEmail: false } },
      { kind: 'reportResolve', id: 11, city: 'Riom', choice: { sendEmail: true, lang: 'en', subject: 'About your report', text: 'Fixed, thank you.' } },
      { kind: 'reportSoluble', id: 11 },
      { kind: 'reportDelete', report: { id: 11, status: 'onGoing' } },
    ]);
  });

  it('reports a problem, then mails the reporter from the edited template and keeps the report open', async () => {
    const { actor, actions } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'report.add', report: { problem: 7, description: 'Cabinet locked at night' } });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.done?.kind).toBe('reportAdd');
    actor.send({ type: 'report.template', problemType: 7 });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.template?.subject).toBe('About your report');
    actor.send({ type: 'report.mail', id: 11, choice: { lang: 'en', subject: 'About your report', text: 'We asked the owner for a code.' } });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.template).toBeNull();
    expect(actor.getSnapshot().context.done?.kind).toBe('reportMail');
    expect(actions).toEqual([
      { kind: 'reportAdd', report: { problem: 7, description: 'Cabinet locked at night' } },
      { kind: 'reportMail', id: 11, choice: { lang: 'en', subject: 'About your report', text: 'We asked the owner for a code.' } },
    ]);
  });

  it('reports nothing on a deleted AED', async () => {
    const { actor, actions } = start({ load: { ok: true, data: { aed: aedDetail({ status: 'deleted', deletedAt: '2026-03-01T10:00:00.000Z' }), options: null, countries: [], duplicates: [] } } });
    await waitFor(actor, idle);
    actor.send({ type: 'report.add', report: { problem: 1 } });
    actor.send({ type: 'report.mail', id: 11, choice: {} });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actions).toEqual([]);
  });

  it('creates an AED: the name is needed, the place goes with it, and the actions wait for the first save', async () => {
    const saves: Array<{ udid: string; draft: AedDraft }> = [];
    const machine = aedFormMachine.provide({
      actors: {
        load: fromPromise(async ({ input }: { input: { udid: string } }) => ({ ok: true as const, data: { aed: input.udid === 'new' ? blankAed() : aedDetail(), options: null, countries: [], duplicates: [] } })),
        save: fromPromise(async ({ input }: { input: { udid: string; draft: AedDraft } }) => {
          saves.push(input);
          return { ok: true as const, data: aedDetail({ name: String(input.draft.name) }) };
        }),
      } as never,
    });
    const actor = createActor(machine, { input: { udid: 'new', lang: 'en' } }).start();
    await waitFor(actor, idle);
    actor.send({ type: 'picture.add', files: [goodPicture()] });
    actor.send({ type: 'availability.change', change: { status: 'inMaintenance' } });
    expect(availabilityChoicesOf(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'field.change', field: 'city', value: 'Riom' });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'error.aed.name-required' });
    expect(saves).toEqual([]);
    actor.send({ type: 'field.change', field: 'name', value: 'Mairie de Riom' });
    actor.send({ type: 'location.pin', lat: 45.894, lon: 3.113 });
    actor.send({ type: 'form.save' });
    await waitFor(actor, idle);
    expect(saves).toEqual([{ udid: 'new', draft: { name: 'Mairie de Riom', lat: 45.894, lon: 3.113, country: 'FR', city: 'Riom' } }]);
    expect(actor.getSnapshot().context.aed?.udid).toBe(udid);
    expect(actor.getSnapshot().context.draft).toEqual({});
  });

  it('a failed action says why and leaves the AED and the draft as they were', async () => {
    const notices = collectNotices();
    const { actor } = start({ act: () => failure('error.aed.report-no-email', 400) });
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', field: 'floor', value: '3' });
    actor.send({ type: 'report.resolve', id: 11, city: null, choice: { sendEmail: true } });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.errorKey).toBe('error.aed.report-no-email');
    expect(actor.getSnapshot().context.draft).toEqual({ floor: '3' });
    expect(notices.at(-1)).toMatchObject({ type: 'error', key: 'error.aed.report-no-email' });
  });
});
