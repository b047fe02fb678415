import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aedBase, call, multipart, newAed, pngOf, signInOn, accountId } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/** Pictures: upload through patchAed (checked by content, 5 MB), read, rotate, delete. */
let server: TestServer;
let editor: string;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  editor = await server.signIn('aed-editor@vigil.test');
});
afterAll(async () => server?.close());

const upload = (udid: string, data: unknown, files: Parameters<typeof multipart>[1]) => {
  const body = multipart(data, files);
  return server.app.inject({ method: 'PATCH', url: `${aedBase}/patchAed/${udid}`, headers: { authorization: editor, ...body.headers }, payload: body.payload });
};

describe('picture upload', () => {
  it('creates an AED with pictures in one multipart call and serves them', async () => {
    const png = await pngOf(40, 20);
    const jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    const response = await upload('new', newAed({ name: 'Avec photos' }), [
      { name: 'front.png', type: 'image/png', content: png },
      { name: 'side.jpeg', type: 'image/jpeg', content: jpeg },
    ]);
    expect(response.statusCode).toBe(200);
    const aed = response.json().data;
    expect(aed.name).toBe('Avec photos');
    expect(aed.pictures).toHaveLength(2);
    expect(aed.pictures.map((picture: { mime: string }) => picture.mime)).toEqual(['image/png', 'image/jpeg']);
    const file = await server.app.inject({ method: 'GET', url: aed.pictures[0].url, headers: { authorization: editor } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([40, 20]);
  });

  it('refuses a file that is not an image even when named .jpg, and keeps nothing', async () => {
    const { body } = await call(server, editor, 'PATCH', `${aedBase}/patchAed/new`, newAed());
    const fake = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const response = await upload(body.data.udid, { name: 'Renamed' }, [{ name: 'photo.jpg', type: 'image/jpeg', content: fake }]);
    expect([415, 422]).toContain(response.statusCode);
    expect(response.json()).toMatchObject({ error: true, msg: 'error.aed.picture-not-image' });
    const after = await call(server, editor, 'GET', `${aedBase}/getAed/${body.data.udid}`);
    expect(after.body.data.pictures).toEqual([]);
    expect(after.body.data.name).toBe(body.data.name);
    const truncated = (await pngOf(50, 50)).subarray(0, 60);
    expect((await upload(body.data.udid, {}, [{ name: 'cut.png', type: 'image/png', content: truncated }])).statusCode).toBe(415);
  });

  it('refuses a 6 MB image with 413', async () => {
    const { body } = await call(server, editor, 'PATCH', `${aedBase}/patchAed/new`, newAed());
    // Random pixels do not compress: a real PNG of about 6 MB.
    const big = await sharp(randomBytes(1450 * 1450 * 3), { raw: { width: 1450, height: 1450, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(big.length).toBeLessThan(7 * 1024 * 1024);
    const response = await upload(body.data.udid, {}, [{ name: 'big.png', type: 'image/png', content: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toBe('error.aed.picture-too-large');
    expect((await call(server, editor, 'GET', `${aedBase}/getAed/${body.data.udid}`)).body.data.pictures).toEqual([]);
  });

  it('answers 400 when the data field is not JSON', async () => {
    const body = multipart({}, []);
    const broken = Buffer.from(body.payload.toString().replace('{}', '{not json'));
    const response = await server.app.inject({ method: 'PATCH', url: `${aedBase}/patchAed/new`, headers: { authorization: editor, ...body.headers }, payload: broken });
    expect(response.statusCode).toBe(400);
  });
});

describe('rotate and delete', () => {
  it('rotates a picture by 90 degrees and keeps the total rotation', async () => {
    const response = await upload('new', newAed(), [{ name: 'wide.png', type: 'image/png', content: await pngOf(40, 20) }]);
    const picture = response.json().data.pictures[0];
    const rotated = await call(server, editor, 'PATCH', `/services/backOffice/file/rotatePicture/${picture.filename}?degrees=90&service=aed&path=aed`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.rotation).toBe(90);
    const file = await server.app.inject({ method: 'GET', url: picture.url, headers: { authorization: editor } });
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
    const back = await call(server, editor, 'PATCH', `/services/backOffice/file/rotatePicture/${picture.filename}?degrees=-90`);
    expect(back.body.data.rotation).toBe(0);
    expect((await call(server, editor, 'PATCH', `/services/backOffice/file/rotatePicture/${picture.filename}?degrees=45`)).status).toBe(400);
    expect((await call(server, editor, 'PATCH', '/services/backOffice/file/rotatePicture/unknown.png?degrees=90')).status).toBe(404);
  });

  it('deletes a picture of the AED named in the path only', async () => {
    const first = (await upload('new', newAed(), [{ name: 'a.png', type: 'image/png', content: await pngOf(10, 10) }])).json().data;
    const second = (await call(server, editor, 'PATCH', `${aedBase}/patchAed/new`, newAed())).body.data;
    const picture = first.pictures[0];
    expect((await call(server, editor, 'DELETE', `${aedBase}/pictures/${second.udid}/${picture.id}`)).status).toBe(404);
    const removed = await call(server, editor, 'DELETE', `${aedBase}/pictures/${first.udid}/${picture.filename}`);
    expect(removed.status).toBe(200);
    expect((await call(server, editor, 'GET', `${aedBase}/getAed/${first.udid}`)).body.data.pictures).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: picture.url, headers: { authorization: editor } })).statusCode).toBe(404);
  });

  it('hides the pictures of other accounts', async () => {
    const picture = (await upload('new', newAed(), [{ name: 'a.png', type: 'image/png', content: await pngOf(10, 10) }])).json().data.pictures[0];
    const allier = await signInOn(server, 'pictures-allier@vigil.test', 9, await accountId(server, 'SDIS 03'));
    expect((await server.app.inject({ method: 'GET', url: picture.url, headers: { authorization: allier } })).statusCode).toBe(404);
    expect((await call(server, allier, 'PATCH', `/services/backOffice/file/rotatePicture/${picture.filename}?degrees=90`)).status).toBe(404);
  });
});
