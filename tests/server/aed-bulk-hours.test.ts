import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, aedBase, call, newAed, signInOn } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/**
 * Opening hours of a selection (issue 22): the AED list sets the same hours on the AEDs an AED
 * manager ticked, such as an import's AEDs whose file gave none. All or nothing, audited.
 */
describe('opening hours of a selection', () => {
  let server: TestServer;
  let editor: string;
  let admin: string;
  let elsewhere: string;
  beforeAll(async () => {
    server = await startTestServer();
    editor = await server.signIn('aed-editor@vigil.test');
    admin = await server.signIn('admin@vigil.test');
    elsewhere = await signInOn(server, 'bulk-hours-03@vigil.test', 9, await accountId(server, 'SDIS 03'));
  });
  afterAll(async () => server?.close());

  const create = async (auth = editor) => (await call(server, auth, 'PATCH', `${aedBase}/patchAed/new`, newAed())).body.data.udid as string;
  const bulk = (body: unknown, auth = editor) => call(server, auth, 'PATCH', `${aedBase}/bulkHours`, body);
  const read = async (udid: string) => (await call(server, editor, 'GET', `${aedBase}/getAed/${udid}`)).body.data as { alwaysOpened: boolean; openingHours: Record<string, unknown> };
  const weekdays = { '1': [{ open: '08:00', close: '18:00' }], '2': [{ open: '08:00', close: '12:00' }, { open: '14:00', close: '18:00' }], '6': [{ open: '09:00', close: '12:00' }] };

  it('sets weekly hours on every AED of the selection, then always open keeping the week', async () => {
    const udids = [await create(), await create()];
    const set = await bulk({ udids, alwaysOpened: false, openingHours: weekdays });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ updated: 2 });
    for (const udid of udids) expect(await read(udid)).toMatchObject({ alwaysOpened: false, openingHours: weekdays });

    const open = await bulk({ udids, alwaysOpened: true });
    expect(open.body.data).toEqual({ updated: 2 });
    for (const udid of udids) expect(await read(udid)).toMatchObject({ alwaysOpened: true, openingHours: weekdays });

    // Back to a week: days left out are closed.
    expect((await bulk({ udids: [udids[0]], alwaysOpened: false, openingHours: { '7': [{ open: '10:00', close: '11:00' }] } })).body.data).toEqual({ updated: 1 });
    expect(await read(udids[0])).toMatchObject({ alwaysOpened: false, openingHours: { '7': [{ open: '10:00', close: '11:00' }] } });
    expect((await read(udids[1])).alwaysOpened).toBe(true);
  });

  it('changes nothing when the selection holds an AED the caller cannot see, or hours that do not hold', async () => {
    const mine = await create();
    const theirs = await create(elsewhere);
    const refused = await bulk({ udids: [mine, theirs], alwaysOpened: true });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('error.aed.not-found');
    expect((await read(mine)).alwaysOpened).toBe(false);

    const backwards = await bulk({ udids: [mine], alwaysOpened: false, openingHours: { '1': [{ open: '18:00', close: '08:00' }] } });
    expect(backwards.status).toBe(400);
    expect(await read(mine)).toMatchObject({ alwaysOpened: false, openingHours: {} });
    expect((await bulk({ udids: [], alwaysOpened: true })).status).toBe(400);

    await call(server, editor, 'PATCH', `${aedBase}/softDelete`, { udid: mine });
    expect((await bulk({ udids: [mine], alwaysOpened: true })).status).toBe(404);
  });

  it('is written in the audit log with the AEDs and the choice', async () => {
    const udid = await create();
    expect((await bulk({ udids: [udid], alwaysOpened: true })).status).toBe(200);
    const log = await call(server, admin, 'GET', '/services/backoffice/audit/getAuditLog?limit=50&action=aed.bulkHours');
    expect(log.body.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'aed.bulkHours', userEmail: 'aed-editor@vigil.test', details: { udids: [udid], alwaysOpened: true } })]));
  });

  it('is refused without the right to write AEDs', async () => {
    const udid = await create();
    const norights = await server.signIn('norights@vigil.test');
    expect((await bulk({ udids: [udid], alwaysOpened: true }, norights)).status).toBe(403);
    expect((await read(udid)).alwaysOpened).toBe(false);
  });
});
