import { afterEach, expect, it, vi } from 'vitest';
import { download } from '../../src/services/http';

afterEach(() => vi.unstubAllGlobals());

it('says why a download was refused, from the JSON the server answers (not "server access")', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ msg: 'error.history.no-valid-alerts' }), { status: 404, headers: { 'Content-Type': 'application/json' } }));
  expect(await download('/services/backoffice/alert/exportAlertHistory', { method: 'POST' })).toMatchObject({ ok: false, key: 'error.history.no-valid-alerts', status: 404 });
  vi.stubGlobal('fetch', async () => new Response('', { status: 502 }));
  expect(await download('/x')).toMatchObject({ ok: false, key: 'error.server-access', status: 502 });
});
