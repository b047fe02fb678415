import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, aedBase, call, newAed } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/** getAed, patchAed (create, update, validation, duplicates, contacts, certification), soft delete and restore. */
let server: TestServer;
let editor: string;
let sdis03: number;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  editor = await server.signIn('aed-editor@vigil.test');
  sdis03 = await accountId(server, 'SDIS 03');
});
afterAll(async () => server?.close());

const patch = (udid: string, body: unknown, auth = editor) => call(server, auth, 'PATCH', `${aedBase}/patchAed/${udid}`, body);
const get = (key: string | number, auth = editor) => call(server, auth, 'GET', `${aedBase}/getAed/${key}`);

describe('PATCH aed/patchAed/new and GET aed/getAed', () => {
  it('creates an AED with every field and reads it back by udid and by id', async () => {
    const body = newAed({
      idAed: 'DAE-63-0001',
      address2: 'Entrée B',
      building: 'Hôtel de ville',
      floor: '0',
      state: 'Auvergne-Rhône-Alpes',
      description: 'Près de l’accueil',
      altitude: 400,
      position: 1,
      accessibility: 2,
      alwaysOpened: false,
      openingHours: { '1': [{ open: '08:30', close: '12:00' }, { open: '13:30', close: '18:00' }], '7': [{ open: '00:00', close: '24:00' }] },
      itinerant: false,
      brand: 'Philips',
      model: 'HeartStart FRx',
      softwareVersion: '2.1.0',
      serialNumber: 'PH-TEST-0001',
      installDate: '2022-03-01',
      privateComment: 'Clé au poste de garde',
      inspectedBy: 'Cardio Maintenance',
      lastInspection: '2026-01-10',
      padsLot: 'P1',
      padsExpiration: '2030-01-01',
      hasChildPads: true,
      childPadsLot: 'C1',
      childPadsExpiration: '2000-01-01',
      batteryLot: 'B1',
      batteryExpiration: '2030-01-01',
      padsPackLot: 'K1',
      padsPackExpiration: '2030-06-01',
      maintenanceAlertType: 'period',
      maintenancePeriod: 12,
      maintenanceLastDate: '2026-01-10',
      cabinetId: 'ARM-1',
      sourceInfo: 'saisie',
      externalSourceId: 'EXT-1',
    });
    const created = await patch('new', body);
    expect(created.status).toBe(200);
    const aed = created.body.data;
    expect(aed.udid).toMatch(/^[0-9a-f-]{36}$/);
    expect(aed).toMatchObject({ ...body, status: 'available', source: 'manual', certified: false, validated: false, isLinked: false });
    expect(aed.vigilance).toMatchObject({ battery: 'ok', pads: 'ok', childPads: 'expired', alert: true, confirmation: 'never' });
    const byUdid = await get(aed.udid);
    const byId = await get(aed.id);
    expect(byUdid.body.data).toEqual(aed);
    expect(byId.body.data.udid).toBe(aed.udid);
    const withDistance = await call(server, editor, 'GET', `${aedBase}/getAed/${aed.id}?lat=${body.lat}&lon=${(body.lon as number) + 0.01}`);
    expect(withDistance.body.data.distance).toBeGreaterThan(0.7);
    expect(withDistance.body.data.distance).toBeLessThan(0.85);
  });

  it('needs a name and a position to create', async () => {
    const noName = await patch('new', { lat: 45.7, lon: 3.1 });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('error.aed.name-required');
    const noPosition = await patch('new', { name: 'Sans position' });
    expect(noPosition.status).toBe(400);
    expect(noPosition.body.msg).toBe('error.auth.missing-fields');
  });

  it('refuses "A defibrillator already exists with this information" on create and on update', async () => {
    const first = await patch('new', newAed({ name: 'Mairie de Test', lat: 45.7001, lon: 3.2001, serialNumber: 'SN-DUP-1', brand: 'Zoll' }));
    expect(first.status).toBe(200);
    const sameName = await patch('new', newAed({ name: 'MAIRIE DE TÉST', lat: 45.7002, lon: 3.2001 }));
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({ error: true, msg: 'error.aed.already-exists', details: { udid: first.body.data.udid } });
    const sameSerial = await patch('new', newAed({ serialNumber: 'SN-DUP-1', brand: 'zoll' }));
    expect(sameSerial.status).toBe(409);
    const other = await patch('new', newAed({ name: 'Gymnase de Test', lat: 45.71, lon: 3.21 }));
    const moved = await patch(other.body.data.udid, { name: 'Mairie de Test', lat: 45.70015, lon: 3.2001 });
    expect(moved.status).toBe(409);
    expect(moved.body.msg).toBe('error.aed.already-exists');
    const far = await patch('new', newAed({ name: 'Mairie de Test', lat: 45.72, lon: 3.2001 }));
    expect(far.status).toBe(200);
  });

  it('refuses invalid opening hours and saves nothing', async () => {
    const { body } = await patch('new', newAed());
    const udid = body.data.udid;
    const reversed = await patch(udid, { name: 'Changed', openingHours: { '2': [{ open: '18:00', close: '08:00' }] } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe('error.aed.hours-order');
    expect(reversed.body.details[0].field).toBe('openingHours.2.0');
    const badTime = await patch(udid, { openingHours: { '2': [{ open: '25:00', close: '26:00' }] } });
    expect(badTime.body.msg).toBe('error.aed.hours-invalid');
    const overlap = await patch(udid, { openingHours: { '3': [{ open: '08:00', close: '12:00' }, { open: '11:00', close: '14:00' }] } });
    expect(overlap.body.msg).toBe('error.aed.hours-overlap');
    const badDay = await patch(udid, { openingHours: { '8': [] } });
    expect(badDay.status).toBe(400);
    const after = await get(udid);
    expect(after.body.data.name).toBe(body.data.name);
    expect(after.body.data.openingHours).toEqual({});
  });

  it('updates given fields only and clears fields set to null', async () => {
    const { body } = await patch('new', newAed({ brand: 'Zoll', model: 'AED Plus', floor: '2' }));
    const updated = await patch(body.data.udid, { floor: null, alwaysOpened: true, batteryExpiration: '2000-01-01' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ brand: 'Zoll', model: 'AED Plus', floor: null, alwaysOpened: true });
    expect(updated.body.data.vigilance.battery).toBe('expired');
    expect(new Date(updated.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(body.data.updatedAt).getTime());
    const unknownField = await patch(body.data.udid, { colour: 'red' });
    expect(unknownField.status).toBe(400);
  });

  it('certifies and decertifies with a date, and confirms the data', async () => {
    const { body } = await patch('new', newAed());
    const certified = await patch(body.data.udid, { certification: { certified: true, date: '2026-02-01' } });
    expect(certified.body.data).toMatchObject({ certified: true, lastCertificationDate: '2026-02-01' });
    const decertified = await patch(body.data.udid, { certification: { certified: false } });
    expect(decertified.body.data).toMatchObject({ certified: false, lastCertificationDate: '2026-02-01' });
    const asked = Date.now();
    const confirmed = await patch(body.data.udid, { confirm: true });
    const answered = Date.now();
    expect(confirmed.body.data.validated).toBe(true);
    expect(confirmed.body.data.vigilance.confirmation).toBe('under3Months');
    // Confirmed at the time of the call, however long the call took.
    const confirmedAt = new Date(confirmed.body.data.lastConfirmationDate).getTime();
    expect(confirmedAt).toBeGreaterThanOrEqual(asked);
    expect(confirmedAt).toBeLessThanOrEqual(answered);
  });

  it('moves an AED only to an account of the caller tree; other accounts\u2019 AEDs are 404', async () => {
    const { body } = await patch('new', newAed());
    const moved = await patch(body.data.udid, { idSite: sdis03 });
    expect(moved.status).toBe(403);
    expect((await get('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('not-an-id')).status).toBe(404);
    expect((await patch('00000000-0000-4000-8000-000000000000', { name: 'x' })).status).toBe(404);
  });
});

describe('contacts', () => {
  const contact = { firstName: 'Léa', lastName: 'Dubois', function: 'Gardienne', phoneCode: '+33', phone: '06 12 34 56 78', email: 'lea.dubois@example.org', contactType: 'supervisor' };

  it('adds, updates and deletes contacts', async () => {
    const { body } = await patch('new', { ...newAed(), contacts: [contact] });
    expect(body.data.contacts).toHaveLength(1);
    expect(body.data.contacts[0]).toMatchObject({ ...contact, id: expect.any(Number) });
    const id = body.data.contacts[0].id;
    const updated = await patch(body.data.udid, { contacts: [{ ...contact, id, function: 'Directrice', email: '' }, { ...contact, firstName: 'Hugo', phone: null, phoneCode: null }] });
    expect(updated.status).toBe(200);
    expect(updated.body.data.contacts).toHaveLength(2);
    expect(updated.body.data.contacts[0]).toMatchObject({ id, function: 'Directrice', email: null });
    expect(updated.body.data.contacts[1]).toMatchObject({ firstName: 'Hugo', phone: null, email: contact.email });
    const removed = await call(server, editor, 'DELETE', `${aedBase}/contact/${id}`);
    expect(removed.status).toBe(200);
    expect((await get(body.data.udid)).body.data.contacts.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await call(server, editor, 'DELETE', `${aedBase}/contact/${id}`)).status).toBe(404);
  });

  it('validates contacts as spec §5 says', async () => {
    const { body } = await patch('new', newAed());
    const cases: [Record<string, unknown>, string][] = [
      [{ ...contact, firstName: '' }, 'error.aed.contact-invalid'],
      [{ ...contact, function: '' }, 'error.aed.contact-invalid'],
      [{ ...contact, phone: '', email: '' }, 'error.aed.contact-email-or-phone'],
      [{ ...contact, phone: '12', email: '' }, 'error.aed.contact-phone-invalid'],
      [{ ...contact, phoneCode: null }, 'error.aed.contact-phone-invalid'],
      [{ ...contact, email: 'not-an-email' }, 'error.validation'],
    ];
    for (const [bad, key] of cases) {
      const answer = await patch(body.data.udid, { contacts: [bad] });
      expect(answer.status, key).toBe(400);
      expect(answer.body.msg, JSON.stringify(bad)).toBe(key);
    }
    const { contactType: _type, ...withoutType } = contact;
    expect((await patch(body.data.udid, { contacts: [withoutType] })).status).toBe(400);
    expect((await get(body.data.udid)).body.data.contacts).toEqual([]);
    const luxembourg = await patch(body.data.udid, { contacts: [{ ...contact, phoneCode: '+352', phone: '621123456' }] });
    expect(luxembourg.status).toBe(200);
  });

  it('refuses to update a contact of another AED', async () => {
    const a = await patch('new', { ...newAed(), contacts: [contact] });
    const b = await patch('new', newAed());
    const stolen = await patch(b.body.data.udid, { contacts: [{ ...contact, id: a.body.data.contacts[0].id, firstName: 'X' }] });
    expect(stolen.status).toBe(404);
    expect(stolen.body.msg).toBe('error.aed.contact-not-found');
  });
});

describe('soft delete and restore', () => {
  it('deletes softly, refuses a second delete and edits, and restores the previous availability', async () => {
    const { body } = await patch('new', newAed());
    await patch(body.data.udid, { availability: { status: 'inMaintenance' } });
    const deleted = await call(server, editor, 'PATCH', `${aedBase}/softDelete`, { udid: body.data.udid });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.status).toBe('deleted');
    expect(deleted.body.data.deletedAt).not.toBeNull();
    const again = await call(server, editor, 'PATCH', `${aedBase}/softDelete`, { udid: body.data.udid });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('error.aed.availability-not-compliant');
    expect((await patch(body.data.udid, { name: 'Edited while deleted' })).status).toBe(409);
    const restored = await call(server, editor, 'PATCH', `${aedBase}/restoreAed`, { udid: body.data.udid });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ status: 'inMaintenance', deletedAt: null });
    const restoreAgain = await call(server, editor, 'PATCH', `${aedBase}/restoreAed`, { udid: body.data.udid });
    expect(restoreAgain.status).toBe(409);
    expect(restoreAgain.body.msg).toBe('error.aed.availability-not-compliant');
  });

  it('answers 404 for AEDs of other accounts and 403 without write rights', async () => {
    const noRights = await server.signIn('norights@vigil.test');
    const { body } = await patch('new', newAed());
    expect((await call(server, noRights, 'PATCH', `${aedBase}/softDelete`, { udid: body.data.udid })).status).toBe(403);
    expect((await call(server, noRights, 'PATCH', `${aedBase}/patchAed/${body.data.udid}`, { name: 'x' })).status).toBe(403);
  });
});
