import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let administrator: string;

async function call(method: 'GET' | 'POST', url: string, authorization: string | undefined, payload?: object) {
  const response = await server.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

const list = async (token = administrator) => (await call('GET', '/services/backOffice/tester/getFilterTester', token)).body.data as { name: string; udid: string; zipcode: string | null; phone: string; updatedAt: string }[];

beforeAll(async () => {
  server = await startTestServer();
  // Group 6 (administrator) manages testers (spec §6).
  administrator = await server.signIn('administrator@vigil.test');
});
afterAll(async () => server?.close());

describe('tester list', () => {
  it('lists the testers with name, phone, zipcode, last update and udid', async () => {
    const testers = await list();
    expect(testers.map((tester) => tester.name)).toEqual(['Igor Essai', 'Tania Tester', 'Wanda Webb']);
    const tania = testers.find((tester) => tester.name === 'Tania Tester')!;
    expect(tania).toMatchObject({ udid: 'demo-tester-1', phone: '+33612345600', os: 'android', zipcode: expect.stringMatching(/^63\d{3}$/) });
    // Its last update is the row's, whenever the demo data was seeded.
    const [row] = await server.ctx.database.query<{ updated_at: Date }>(`SELECT updated_at FROM testers WHERE udid = 'demo-tester-1'`);
    expect(Date.parse(tania.updatedAt)).toBe(new Date(row.updated_at).getTime());
    expect(testers.find((tester) => tester.name === 'Wanda Webb')!.zipcode).toMatch(/^03\d{3}$/);
  });

  it('is for groups 1 and 6 only', async () => {
    expect((await call('GET', '/services/backOffice/tester/getFilterTester', await server.signIn('admin@vigil.test'))).status).toBe(200);
    for (const email of ['operator@vigil.test', 'referent@vigil.test', 'aed-editor@vigil.test']) {
      const token = await server.signIn(email);
      expect((await call('GET', '/services/backOffice/tester/getFilterTester', token)).status).toBe(403);
      expect((await call('POST', '/services/backOffice/tester/subUnsub', token, { udid: 'demo-tester-1' })).status).toBe(403);
    }
    expect((await call('GET', '/services/backOffice/tester/getFilterTester', undefined)).status).toBe(401);
  });
});

describe('search, add and remove', () => {
  it('asks for at least 2 characters', async () => {
    for (const filter of ['', 'a', ' b ']) {
      expect(await call('GET', `/services/backOffice/tester/search?filter=${encodeURIComponent(filter)}`, administrator)).toMatchObject({ status: 400, body: { msg: 'error.tester.search-too-short', details: { minimum: 2 } } });
    }
  });

  it('finds phones by name, phone or udid and says which are testers', async () => {
    const byName = await call('GET', '/services/backOffice/tester/search?filter=tania', administrator);
    expect(byName.body.data).toEqual([expect.objectContaining({ udid: 'demo-tester-1', name: 'Tania Tester', isTester: true, os: 'android' })]);
    const byPhone = await call('GET', '/services/backOffice/tester/search?filter=%2B3361234560', administrator);
    expect(byPhone.body.data.map((hit: { udid: string }) => hit.udid).sort()).toEqual(['demo-tester-1', 'demo-tester-2', 'demo-tester-3']);
    const literal = await call('GET', '/services/backOffice/tester/search?filter=%25%25', administrator);
    expect(literal.body.data).toEqual([]);
  });

  it('adds a responder’s phone as a tester, then removes it on the second call', async () => {
    const [device] = await server.ctx.database.query<{ udid: string; responder_id: number; first_name: string; last_name: string; phone: string }>(
      `SELECT d.udid, r.id AS responder_id, r.first_name, r.last_name, r.phone FROM responder_devices d JOIN responders r ON r.id = d.responder_id
        WHERE r.email LIKE '%@responders.vigil.test' ORDER BY d.id LIMIT 1`,
    );
    const found = await call('GET', `/services/backOffice/tester/search?filter=${device.udid}`, administrator);
    expect(found.body.data).toEqual([expect.objectContaining({ udid: device.udid, isTester: false })]);

    const added = await call('POST', '/services/backOffice/tester/subUnsub', administrator, { udid: device.udid });
    expect(added.body.data).toMatchObject({ udid: device.udid, result: 'added', tester: { udid: device.udid, name: `${device.first_name} ${device.last_name}`, phone: device.phone, zipcode: expect.stringMatching(/^\d{5}$/) } });
    expect((await list()).map((tester) => tester.udid)).toContain(device.udid);
    const flag = async () => (await server.ctx.database.query<{ is_tester: boolean }>('SELECT is_tester FROM responders WHERE id = $1', [device.responder_id]))[0].is_tester;
    expect(await flag()).toBe(true);

    const removed = await call('POST', '/services/backOffice/tester/subUnsub', administrator, { udid: device.udid });
    expect(removed.body.data).toEqual({ udid: device.udid, result: 'removed', tester: null });
    expect((await list()).map((tester) => tester.udid)).not.toContain(device.udid);
    expect(await flag()).toBe(false);
  });

  it('cannot add a phone it does not know', async () => {
    expect(await call('POST', '/services/backOffice/tester/subUnsub', administrator, { udid: 'no-such-phone' })).toMatchObject({ status: 404, body: { msg: 'error.tester.add' } });
    expect((await call('POST', '/services/backOffice/tester/subUnsub', administrator, {})).status).toBe(400);
  });

  it('keeps another account’s phones out of reach', async () => {
    const admin = await server.signIn('admin@vigil.test');
    const [{ id }] = await server.ctx.database.query<{ id: number }>(`SELECT id FROM accounts WHERE name LIKE 'SDIS 03%'`);
    const switched = await server.app.inject({ url: `/services/backOffice/account/thirdAccess/switch?idAccount=${id}`, headers: { authorization: admin } });
    const sdis03 = `JWT ${switched.json().data.token}`;
    expect(await list(sdis03)).toEqual([]);
    expect((await call('GET', '/services/backOffice/tester/search?filter=tania', sdis03)).body.data).toEqual([]);
    expect((await call('POST', '/services/backOffice/tester/subUnsub', sdis03, { udid: 'demo-tester-2' })).status).toBe(404);
    expect((await call('POST', '/services/backoffice/notification/notifForTester', sdis03, { udid: 'demo-tester-2' })).status).toBe(404);
    expect((await list()).map((tester) => tester.udid)).toContain('demo-tester-2');
  });
});

describe('test notification to a tester', () => {
  it('sends the standard test message through the outbox, in the tester’s language', async () => {
    const { status, body } = await call('POST', '/services/backoffice/notification/notifForTester', administrator, { udid: 'demo-tester-2' });
    expect(status).toBe(200);
    expect(body.data).toEqual({ udid: 'demo-tester-2', queued: 1, status: 'sent' });
    const [message] = await server.ctx.database.query<{ kind: string; status: string; provider: string; payload: { title: string; body: string; data: Record<string, string> } }>(
      `SELECT o.kind, o.status, o.provider, o.payload FROM push_outbox o JOIN responder_devices d ON d.id = o.device_id WHERE d.udid = 'demo-tester-2' ORDER BY o.id DESC LIMIT 1`,
    );
    expect(message).toEqual({ kind: 'NOTIFICATION_TEST', status: 'sent', provider: 'log', payload: expect.objectContaining({ title: 'Test Vigil', body: expect.stringContaining('notification de test'), data: { kind: 'test', udid: 'demo-tester-2' } }) });
  });

  it('answers the notify error for a phone that is not a tester, or cannot receive', async () => {
    expect(await call('POST', '/services/backoffice/notification/notifForTester', administrator, { udid: 'demo-waiting-1' })).toMatchObject({ status: 404, body: { msg: 'error.tester.notify' } });
    await server.ctx.database.query(`UPDATE responder_devices SET push_token = NULL WHERE udid = 'demo-tester-3'`);
    expect(await call('POST', '/services/backoffice/notification/notifForTester', administrator, { udid: 'demo-tester-3' })).toMatchObject({ status: 422, body: { msg: 'error.tester.notify', details: { reason: 'no-push-token' } } });
  });
});
