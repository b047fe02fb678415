import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let referent: string;
beforeAll(async () => {
  server = await startTestServer();
  referent = await server.signIn('referent@vigil.test');
});
afterAll(async () => server?.close());

const news = (query: string, authorization?: string) => server.app.inject({ url: `/services/backOffice/notification/${query}`, headers: authorization ? { authorization } : {} });

describe('news banner', () => {
  it('answers the latest version of the tag in the language asked', async () => {
    const response = await news('?lang=fr_FR&tag=backoffice', referent);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      title: 'Nouveau : validation des citoyens sauveteurs et notifications',
      content: expect.stringContaining('Validez les citoyens sauveteurs'),
      link: '/admin/notification/list',
      version: 2,
    });
    expect((await news('?lang=de&tag=backoffice', referent)).json().data.title).toBe('Neu: Freigabe der Ersthelfer und Push-Nachrichten');
  });

  it('falls back to English, and to the default tag', async () => {
    const response = await news('?lang=es', referent);
    expect(response.json().data).toMatchObject({ title: 'New: responder validation and push notifications', version: 2 });
    const withoutSlash = await server.app.inject({ url: '/services/backOffice/notification?lang=de', headers: { authorization: referent } });
    expect(withoutSlash.json().data.version).toBe(2);
  });

  it('shows a newer version as soon as it is published', async () => {
    await server.ctx.database.query(`INSERT INTO news (tag, language, version, title, content) VALUES ('backoffice', 'en', 3, 'Maintenance tonight', 'From 22:00 to 23:00.')`);
    expect((await news('?lang=en', referent)).json().data).toEqual({ title: 'Maintenance tonight', content: 'From 22:00 to 23:00.', link: null, version: 3 });
  });

  it('answers null for a tag without news, and refuses a malformed tag', async () => {
    expect((await news('?lang=en&tag=mobile', referent)).json()).toEqual({ data: null });
    expect((await news('?lang=en&tag=DROP%20TABLE', referent)).statusCode).toBe(400);
  });

  it('is for signed-in staff only', async () => {
    expect((await news('?lang=en')).statusCode).toBe(401);
  });
});
