import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let sdis03: string;
const base = '/services/backoffice/firstResponder';

async function call(method: 'GET' | 'PATCH', url: string, authorization: string | undefined, payload?: object) {
  const response = await server.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, headers: response.headers, raw: response.rawPayload, body: response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : undefined };
}

const waitingIds = async (names: string[]) =>
  (await server.ctx.database.query<{ id: number; last_name: string }>('SELECT id, last_name FROM responders WHERE last_name = ANY($1::text[])', [names])).reduce<Record<string, number>>((ids, row) => ({ ...ids, [row.last_name]: row.id }), {});

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@vigil.test');
  const [{ id }] = await server.ctx.database.query<{ id: number }>(`SELECT id FROM accounts WHERE name LIKE 'SDIS 03%'`);
  const switched = await server.app.inject({ url: `/services/backOffice/account/thirdAccess/switch?idAccount=${id}`, headers: { authorization: admin } });
  sdis03 = `JWT ${switched.json().data.token}`;
});
afterAll(async () => server?.close());

describe('responders waiting for validation', () => {
  it('pages the waiting responders of the caller’s accounts, oldest first, labelled in the language asked', async () => {
    const { status, body } = await call('GET', `${base}/getDataValidationResponder?lang=fr&page=1&limit=20`, admin);
    expect(status).toBe(200);
    // The seed has 8 waiting on the public app and 2 on CODIS 63 (both under SDIS 63), 2 on SDIS 03.
    expect(body.data.count).toBe(10);
    expect(body.data.list.map((row: { lastName: string }) => row.lastName)).toEqual(['Marchand', 'Benali', 'Lemoine', 'Giraud', 'Perrin', 'Fabre', 'Chevalier', 'Rolland', 'Colin', 'Meunier']);
    const first = body.data.list[0];
    expect(first).toMatchObject({ firstName: 'Élise', trainedStatus: 'trained', trainedStatusLabel: 'Formé', accountStatus: 'waiting', siteName: 'Vigil public app', hasDiploma: true, diplomaUrl: `${base}/getDiploma/${first.id}` });
    const giraud = body.data.list.find((row: { lastName: string }) => row.lastName === 'Giraud');
    expect(giraud).toMatchObject({ trainedStatus: 'trainedWithoutDiploma', trainedStatusLabel: 'Formé sans diplôme', hasDiploma: false, diplomaUrl: null });
    const page = await call('GET', `${base}/getDataValidationResponder?lang=de&page=3&limit=4`, admin);
    expect(page.body.data.count).toBe(10);
    expect(page.body.data.list.map((row: { lastName: string }) => row.lastName)).toEqual(['Colin', 'Meunier']);
    expect(page.body.data.list[0].trainedStatusLabel).toBe('Ausgebildet ohne Nachweis');
  });

  it('shows another account only its own responders', async () => {
    const { body } = await call('GET', `${base}/getDataValidationResponder?lang=en`, sdis03);
    expect(body.data.list.map((row: { lastName: string }) => row.lastName)).toEqual(['Renard', 'Aubert']);
  });

  it('is for staff allowed to validate', async () => {
    for (const email of ['operator@vigil.test', 'administrator@vigil.test', 'referent@vigil.test']) {
      expect((await call('GET', `${base}/getDataValidationResponder`, await server.signIn(email))).status).toBe(403);
    }
    expect((await call('GET', `${base}/getDataValidationResponder`, undefined)).status).toBe(401);
  });
});

describe('diplomas', () => {
  it('serves the diploma image bytes with their type', async () => {
    const ids = await waitingIds(['Marchand', 'Lemoine']);
    const png = await call('GET', `${base}/getDiploma/${ids.Marchand}`, admin);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('private, no-store');
    expect(png.raw.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.raw.length).toBeGreaterThan(1000);
    const jpeg = await call('GET', `${base}/getDiploma/${ids.Lemoine}`, admin);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.raw.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  });

  it('answers the image error for a responder without diploma or a missing file', async () => {
    const ids = await waitingIds(['Giraud', 'Perrin']);
    expect(await call('GET', `${base}/getDiploma/${ids.Giraud}`, admin)).toMatchObject({ status: 404, body: { msg: 'error.responder-validation.image' } });
    await server.ctx.database.query(`UPDATE responders SET diploma_file = '../../etc/passwd' WHERE id = $1`, [ids.Perrin]);
    expect(await call('GET', `${base}/getDiploma/${ids.Perrin}`, admin)).toMatchObject({ status: 404, body: { msg: 'error.responder-validation.image' } });
  });

  it('keeps a diploma from staff of other accounts and from staff not allowed to validate', async () => {
    const ids = await waitingIds(['Marchand', 'Renard']);
    expect((await call('GET', `${base}/getDiploma/${ids.Marchand}`, sdis03)).status).toBe(404);
    expect((await call('GET', `${base}/getDiploma/${ids.Renard}`, sdis03)).status).toBe(200);
    expect((await call('GET', `${base}/getDiploma/${ids.Renard}`, admin)).status).toBe(404);
    expect((await call('GET', `${base}/getDiploma/${ids.Marchand}`, await server.signIn('administrator@vigil.test'))).status).toBe(403);
  });
});

describe('validate and refuse', () => {
  it('answers the empty-payload error when no responder is named', async () => {
    for (const payload of [{}, { status: 'activated' }, { status: 'activated', ids: [] }]) {
      expect(await call('PATCH', `${base}/patchDataValidationResponder`, admin, payload)).toMatchObject({ status: 400, body: { msg: 'error.responder-validation.empty-payload' } });
    }
    expect((await call('PATCH', `${base}/patchDataValidationResponder`, admin, { status: 'banned', ids: [1] })).status).toBe(400);
  });

  it('validates one responder, who leaves the list', async () => {
    const ids = await waitingIds(['Marchand']);
    const { body } = await call('PATCH', `${base}/patchDataValidationResponder`, admin, { status: 'activated', ids: [ids.Marchand] });
    expect(body.data).toEqual({ status: 'activated', updated: 1, ids: [ids.Marchand] });
    const [row] = await server.ctx.database.query<{ account_status: string }>('SELECT account_status FROM responders WHERE id = $1', [ids.Marchand]);
    expect(row.account_status).toBe('activated');
    expect((await call('GET', `${base}/getDataValidationResponder`, admin)).body.data.count).toBe(9);
  });

  it('changes nothing when one of several responders is not the caller’s', async () => {
    const ids = await waitingIds(['Benali', 'Renard']);
    const refused = await call('PATCH', `${base}/patchDataValidationResponder`, admin, { status: 'refused', ids: [ids.Benali, ids.Renard], reason: 'duplicate' });
    expect(refused).toMatchObject({ status: 404, body: { msg: 'error.responder-validation.validate', details: { missing: [ids.Renard] } } });
    const rows = await server.ctx.database.query<{ account_status: string }>('SELECT account_status FROM responders WHERE id = ANY($1::int[])', [[ids.Benali, ids.Renard]]);
    expect(rows.map((row) => row.account_status)).toEqual(['waiting', 'waiting']);
  });

  it('asks a reason for a refusal (and a note for "other") before anything changes', async () => {
    const ids = await waitingIds(['Benali']);
    const attempts = [
      [{ status: 'refused', ids: [ids.Benali] }, 'error.responder-validation.reason-required'],
      [{ status: 'refused', ids: [ids.Benali], reason: 'other', note: '   ' }, 'error.responder-validation.note-required'],
      [{ status: 'refused', all: true }, 'error.responder-validation.reason-required'],
    ] as const;
    for (const [payload, msg] of attempts) expect(await call('PATCH', `${base}/patchDataValidationResponder`, admin, payload)).toMatchObject({ status: 400, body: { msg } });
    expect((await call('PATCH', `${base}/patchDataValidationResponder`, admin, { status: 'refused', ids: [ids.Benali], reason: 'banned' })).status).toBe(400);
    const [row] = await server.ctx.database.query<{ account_status: string }>('SELECT account_status FROM responders WHERE id = $1', [ids.Benali]);
    expect(row.account_status).toBe('waiting');
  });

  it('refuses several, telling each the reason by push and by mail in their language, then validates all the rest of the caller’s accounts only', async () => {
    const ids = await waitingIds(['Benali', 'Fabre']);
    await server.ctx.database.query(`UPDATE responders SET language = 'en' WHERE id = $1`, [ids.Fabre]);
    await server.ctx.database.query(`INSERT INTO responder_devices (responder_id, os, udid, token_hash) VALUES ($1, 'android', 'refusal-test-device', 'refusal-test-device-hash')`, [ids.Benali]);
    const refused = await call('PATCH', `${base}/patchDataValidationResponder`, admin, { status: 'refused', ids: [ids.Benali, ids.Fabre], reason: 'diplomaUnreadable', note: 'Merci de renvoyer une photo nette.' });
    const pushes = await server.ctx.database.query<{ responder_id: number; device_id: number; payload: { title: string; body: string; data: { reason: string } } }>(`SELECT responder_id, device_id, payload FROM push_outbox WHERE kind = 'ACCOUNT_REFUSED' ORDER BY device_id`);
    const devices = await server.ctx.database.query<{ id: number; responder_id: number }>(`SELECT id, responder_id FROM responder_devices WHERE responder_id = ANY($1::int[]) AND active ORDER BY id`, [[ids.Benali, ids.Fabre]]);
    // One message on each active device of the two, the added one included.
    expect(pushes.map((push) => push.device_id)).toEqual(devices.map((device) => device.id));
    expect(devices.length).toBeGreaterThan(0);
    for (const push of pushes) {
      expect(push.payload.data.reason).toBe('diplomaUnreadable');
      expect(push.payload.body).toContain('Merci de renvoyer une photo nette.');
      expect(push.payload.body).toContain(push.responder_id === ids.Fabre ? 'could not be read' : 'illisible');
    }
    const mails = await vi.waitFor(() => {
      const found = readdirSync(join(server.dataDir, 'mail'))
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(server.dataDir, 'mail', name), 'utf8')) as { to: string; subject: string; text: string });
      if (found.length < 2) throw new Error('mails not written yet');
      return found;
    }, { timeout: 20_000 });
    const emails = await server.ctx.database.query<{ id: number; email: string }>('SELECT id, email FROM responders WHERE id = ANY($1::int[])', [[ids.Benali, ids.Fabre]]);
    const mailTo = (id: number) => mails.find((mail) => mail.to === emails.find((row) => row.id === id)!.email)!;
    expect(mailTo(ids.Fabre).text).toContain('could not be read');
    expect(mailTo(ids.Benali).text).toContain('Merci de renvoyer une photo nette.');
    expect(refused.body.data).toMatchObject({ status: 'refused', updated: 2 });
    const all = await call('PATCH', `${base}/patchDataValidationResponder`, admin, { status: 'activated', all: true });
    expect(all.body.data.updated).toBe(7);
    expect((await call('GET', `${base}/getDataValidationResponder`, admin)).body.data.count).toBe(0);
    expect((await call('GET', `${base}/getDataValidationResponder`, sdis03)).body.data.count).toBe(2);
    const back = await call('PATCH', `${base}/patchDataValidationResponder`, admin, { status: 'waiting', ids: [ids.Fabre] });
    expect(back.body.data.updated).toBe(1);
    expect((await call('GET', `${base}/getDataValidationResponder`, admin)).body.data.list.map((row: { lastName: string }) => row.lastName)).toEqual(['Fabre']);
  });
});
