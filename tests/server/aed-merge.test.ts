import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aedBase, call, newAed } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/** Potential duplicates, GeoDAE link and merge. */
let server: TestServer;
let manager: string;
let editor: string;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  manager = await server.signIn('aed-manager@vigil.test');
  editor = await server.signIn('aed-editor@vigil.test');
});
afterAll(async () => server?.close());

const create = async (body: Record<string, unknown>) => {
  const answer = await call(server, manager, 'PATCH', `${aedBase}/patchAed/new`, newAed(body));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const list = (filter: unknown[]) => call(server, manager, 'POST', `${aedBase}/getAllList`, { filter, limit: 500 });

describe('GET aed/potentialDuplicateAed', () => {
  it('finds AEDs near with a similar name, with distance and similarity', async () => {
    const a = await create({ name: 'Salle des fêtes de Volvic', lat: 45.87, lon: 3.04 });
    const b = await create({ name: 'Salle des fetes Volvic', lat: 45.87018, lon: 3.04 });
    const far = await create({ name: 'Salle des fêtes de Volvic', lat: 45.89, lon: 3.04 });
    const unrelated = await create({ name: 'Boulangerie Roux', lat: 45.8713, lon: 3.0402 });
    const { status, body } = await call(server, manager, 'GET', `${aedBase}/potentialDuplicateAed?udid=${a.udid}&from=aed`);
    expect(status).toBe(200);
    const udids = body.data.list.map((row: { udid: string }) => row.udid);
    expect(udids).toContain(b.udid);
    expect(udids).not.toContain(far.udid);
    expect(udids).not.toContain(unrelated.udid);
    expect(udids).not.toContain(a.udid);
    const match = body.data.list.find((row: { udid: string }) => row.udid === b.udid);
    expect(match.distance).toBeGreaterThan(15);
    expect(match.distance).toBeLessThan(25);
    expect(match.similarity).toBeGreaterThan(0.5);
    const linkedOnly = await call(server, manager, 'GET', `${aedBase}/potentialDuplicateAed?udid=${a.udid}&isLinked=true`);
    expect(linkedOnly.body.data.list.map((row: { udid: string }) => row.udid)).not.toContain(b.udid);
  });

  it('finds our AEDs matching a GeoDAE record by its national id', async () => {
    const records = await list([{ type: 'ADVANCED', tag: 'source', value: 'geodae' }, { type: 'ADVANCED', tag: 'isLinked', value: false }]);
    const record = records.body.data.list.find((row: { name: string }) => row.name.startsWith('DAE '));
    const detail = (await call(server, manager, 'GET', `${aedBase}/getAed/${record.udid}`)).body.data;
    const { body } = await call(server, manager, 'GET', `${aedBase}/potentialDuplicateAed?idGeocoeur=${detail.externalSourceId}&from=geodae`);
    expect(body.data.reference.udid).toBe(record.udid);
    expect(body.data.list.every((row: { accountKind: string }) => row.accountKind !== 'external')).toBe(true);
  });
});

describe('PATCH aed/linkGeoDaeToSA', () => {
  it('links an AED to a GeoDAE record once; a second link asks to refresh', async () => {
    const records = await list([{ type: 'ADVANCED', tag: 'source', value: 'geodae' }, { type: 'ADVANCED', tag: 'isLinked', value: false }]);
    const [record, deletedRecord] = records.body.data.list.slice(-2);
    const detail = (await call(server, manager, 'GET', `${aedBase}/getAed/${record.udid}`)).body.data;
    const ours = await create({ name: 'À relier', lat: record.lat, lon: record.lon + 0.001 });
    const linked = await call(server, manager, 'PATCH', `${aedBase}/linkGeoDaeToSA`, { udid: ours.udid, geoDaeUdid: record.udid });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ isLinked: true, idGeocoeur: detail.externalSourceId, linkedGeoDae: detail.sourceInfo });
    expect((await call(server, manager, 'GET', `${aedBase}/getAed/${record.udid}`)).body.data.isLinked).toBe(true);

    const another = await create({ name: 'Autre', lat: record.lat + 0.01, lon: record.lon });
    const twice = await call(server, manager, 'PATCH', `${aedBase}/linkGeoDaeToSA`, { udid: another.udid, idGeocoeur: detail.externalSourceId });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('error.aed.geodae-already-linked');

    await call(server, manager, 'PATCH', `${aedBase}/softDelete`, { udid: deletedRecord.udid });
    const toDeleted = await call(server, manager, 'PATCH', `${aedBase}/linkGeoDaeToSA`, { udid: another.udid, geoDaeUdid: deletedRecord.udid });
    expect(toDeleted.status).toBe(409);
    expect(toDeleted.body.msg).toBe('error.aed.geodae-already-linked');

    const byEditor = await call(server, editor, 'PATCH', `${aedBase}/linkGeoDaeToSA`, { udid: another.udid, geoDaeUdid: record.udid });
    expect(byEditor.status).toBe(403);
  });
});

describe('merge', () => {
  const contact = { firstName: 'Paul', lastName: 'Roux', function: 'Gardien', phoneCode: '+33', phone: '0612345678', contactType: 'siteContact' };

  it('describes the AEDs field by field', async () => {
    const a = await create({ name: 'Piscine A', brand: 'Zoll', floor: null });
    const b = await create({ name: 'Piscine B', brand: 'Zoll', floor: '1' });
    const { status, body } = await call(server, manager, 'GET', `${aedBase}/aedsMergeInfo?compareUdid=${b.udid}&preferredUdid=${a.udid}&lang=fr`);
    expect(status).toBe(200);
    expect(body.data.aeds.map((row: { udid: string }) => row.udid)).toEqual([a.udid, b.udid]);
    const field = (name: string) => body.data.fields.find((entry: { field: string }) => entry.field === name);
    expect(field('brand')).toMatchObject({ same: true, proposedUdid: a.udid });
    expect(field('name')).toMatchObject({ same: false, values: [{ udid: a.udid, value: 'Piscine A' }, { udid: b.udid, value: 'Piscine B' }] });
    expect(field('floor').proposedUdid).toBe(b.udid);
    const alone = await call(server, manager, 'GET', `${aedBase}/aedsMergeInfo?compareUdid=${a.udid}&preferredUdid=${a.udid}`);
    expect(alone.status).toBe(400);
    expect(alone.body.msg).toBe('error.aed.merge-too-few');
  });

  it('merges chosen values, moves contacts and reports, deletes the others, and warns on empty values first', async () => {
    const a = await create({ name: 'Gymnase A', address: '1 rue Haute', alwaysOpened: true });
    const b = await create({ name: 'Gymnase B', address: '2 rue Basse', contacts: [contact] });
    const c = await create({ name: 'Gymnase C', address: null, openingHours: { '1': [{ open: '08:00', close: '18:00' }] }, alwaysOpened: false });
    await call(server, manager, 'POST', `${aedBase}/reportProblem`, { idData: c.udid, problem: 5 });
    const body = { preferredUdid: a.udid, mergedUdids: [b.udid, c.udid], values: { name: b.udid, address: c.udid, openingHours: c.udid, alwaysOpened: c.udid } };

    const warned = await call(server, manager, 'PATCH', `${aedBase}/aedMerge`, body);
    expect(warned.status).toBe(200);
    expect(warned.body.data).toMatchObject({ merged: false, warnings: [{ field: 'address', key: 'warning.aed.merge-empty-value' }] });
    expect((await call(server, manager, 'GET', `${aedBase}/getAed/${b.udid}`)).body.data.status).toBe('available');

    const merged = await call(server, manager, 'PATCH', `${aedBase}/aedMerge`, { ...body, confirmEmpty: true });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ merged: true, udid: a.udid, mergedUdids: [b.udid, c.udid] });
    const receiver = (await call(server, manager, 'GET', `${aedBase}/getAed/${a.udid}`)).body.data;
    expect(receiver).toMatchObject({ name: 'Gymnase B', address: null, alwaysOpened: false, openingHours: { '1': [{ open: '08:00', close: '18:00' }] }, status: 'available' });
    expect(receiver.contacts.map((row: { firstName: string }) => row.firstName)).toEqual(['Paul']);
    expect(receiver.reports.map((row: { problemType: number }) => row.problemType)).toEqual([5]);
    for (const udid of [b.udid, c.udid]) {
      const gone = (await call(server, manager, 'GET', `${aedBase}/getAed/${udid}`)).body.data;
      expect(gone).toMatchObject({ status: 'deleted', mergedIntoId: a.id });
    }
  });

  it('refuses a merge into a removed AED, with a value from outside, or an unknown field', async () => {
    const a = await create({ name: 'Stade A' });
    const b = await create({ name: 'Stade B' });
    const outsider = await create({ name: 'Stade Z' });
    const outside = await call(server, manager, 'PATCH', `${aedBase}/aedMerge`, { preferredUdid: a.udid, mergedUdids: [b.udid], values: { name: outsider.udid } });
    expect(outside.status).toBe(400);
    expect(outside.body.msg).toBe('error.aed.merge-source-not-in-merge');
    const field = await call(server, manager, 'PATCH', `${aedBase}/aedMerge`, { preferredUdid: a.udid, mergedUdids: [b.udid], values: { status: b.udid } });
    expect(field.body.msg).toBe('error.aed.merge-unknown-field');
    await call(server, manager, 'PATCH', `${aedBase}/softDelete`, { udid: a.udid });
    const removed = await call(server, manager, 'PATCH', `${aedBase}/aedMerge`, { preferredUdid: a.udid, mergedUdids: [b.udid], values: {} });
    expect(removed.status).toBe(409);
    expect(removed.body.msg).toBe('error.aed.merge-receiver-removed');
    const self = await call(server, manager, 'PATCH', `${aedBase}/aedMerge`, { preferredUdid: b.udid, mergedUdids: [b.udid], values: {} });
    expect(self.body.msg).toBe('error.aed.merge-too-few');
    expect((await call(server, editor, 'PATCH', `${aedBase}/aedMerge`, { preferredUdid: b.udid, mergedUdids: [outsider.udid] })).status).toBe(403);
  });

  it('carries the GeoDAE link of a merged AED to the receiver', async () => {
    const records = await list([{ type: 'ADVANCED', tag: 'source', value: 'geodae' }, { type: 'ADVANCED', tag: 'isLinked', value: false }]);
    const record = records.body.data.list[0];
    const linked = await create({ name: 'Lié', lat: record.lat + 0.002, lon: record.lon });
    await call(server, manager, 'PATCH', `${aedBase}/linkGeoDaeToSA`, { udid: linked.udid, geoDaeUdid: record.udid });
    const receiver = await create({ name: 'Receveur', lat: record.lat + 0.003, lon: record.lon });
    const merged = await call(server, manager, 'PATCH', `${aedBase}/aedMerge`, { preferredUdid: receiver.udid, mergedUdids: [linked.udid], values: {} });
    expect(merged.body.data.merged).toBe(true);
    const after = (await call(server, manager, 'GET', `${aedBase}/getAed/${receiver.udid}`)).body.data;
    expect(after.isLinked).toBe(true);
    const again = await call(server, manager, 'PATCH', `${aedBase}/linkGeoDaeToSA`, { udid: (await create({ name: 'Encore', lat: record.lat + 0.01, lon: record.lon })).udid, geoDaeUdid: record.udid });
    expect(again.status).toBe(409);
  });
});
