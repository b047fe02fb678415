import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePosition } from '../../server/src/modules/responders/position-writes';
import { addResponder, alertConfig, area, offset, type TestResponder } from './alert-fixtures';
import { startTestServer, startTwoInstances, type TestServer } from './harness';

/**
 * Position reports at national scale: reports arriving together are written together and each is
 * answered with its own stored position; device tokens are kept in memory, yet a token that is
 * replaced, deactivated or whose responder is refused stops at once, here and on every instance.
 */
const v1 = '/services/responder/v1';
type State = { responderId: number; available: boolean; lat: number; lon: number; positionDate: string; accountStatus: string };

const report = (server: TestServer, who: TestResponder, body: object) =>
  server.app.inject({ method: 'PUT', url: `${v1}/position`, headers: { authorization: who.auth }, payload: body });
const me = (server: TestServer, who: TestResponder) => server.app.inject({ method: 'GET', url: `${v1}/me`, headers: { authorization: who.auth } });

describe('position reports written together', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(alertConfig());
  });
  afterAll(async () => server?.close());

  it('answers each of many reports sent at once with its own stored position, and stores every one', async () => {
    const responders = await Promise.all(Array.from({ length: 24 }, (_, index) => addResponder(server, offset(area, index * 100, 0))));
    const moved = (index: number) => offset(area, index * 100, 37);
    const answers = await Promise.all(responders.map((who, index) => report(server, who, { ...moved(index), accuracy: 8 + index })));
    answers.forEach((answer, index) => {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data as State).toMatchObject({ responderId: responders[index].responderId, accountStatus: 'activated', available: true, ...moved(index) });
    });
    const rows = await server.ctx.database.query<{ responder_id: number; lat: number; lon: number; accuracy: number }>(
      'SELECT responder_id, lat, lon, accuracy FROM responder_positions WHERE responder_id = ANY($1::int[]) ORDER BY responder_id',
      [`{${responders.map((who) => who.responderId).join(',')}}`],
    );
    expect(rows).toEqual(responders.map((who, index) => ({ responder_id: who.responderId, ...moved(index), accuracy: 8 + index })).sort((a, b) => a.responder_id - b.responder_id));
  });

  it('keeps the last of two reports of one responder sent together, and the availability the first one gave', async () => {
    const who = await addResponder(server, area);
    const [first, second] = await Promise.all([report(server, who, { ...offset(area, 10, 0), available: false }), report(server, who, offset(area, 20, 0))]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const stored = (await me(server, who)).json().data as State;
    expect(stored).toMatchObject({ ...offset(area, 20, 0), available: false });
  });

  it('fails a report whose responder is gone, alone: the others sent with it are stored', async () => {
    const [kept, gone] = [await addResponder(server, area), await addResponder(server, area)];
    await server.ctx.database.query('DELETE FROM responders WHERE id = $1', [gone.responderId]);
    const [ok, failed] = await Promise.allSettled([
      writePosition(server.ctx, { responderId: kept.responderId, ...offset(area, 55, 0) }),
      writePosition(server.ctx, { responderId: gone.responderId, ...offset(area, 66, 0) }),
    ]);
    expect(ok).toMatchObject({ status: 'fulfilled', value: { responderId: kept.responderId, ...offset(area, 55, 0) } });
    expect(failed.status).toBe('rejected');
    expect((await me(server, kept)).json().data).toMatchObject(offset(area, 55, 0));
  });

  it('stamps the last time a device was seen while its token is kept in memory', async () => {
    const who = await addResponder(server, area);
    expect((await me(server, who)).statusCode).toBe(200); // the token is kept from here
    await server.ctx.database.query(`UPDATE responder_devices SET last_seen_at = '2020-01-01' WHERE responder_id = $1`, [who.responderId]);
    expect((await report(server, who, area)).statusCode).toBe(200);
    await server.ctx.deviceTokens.stop(); // writes what was seen, as at every stop
    const [device] = await server.ctx.database.query<{ seen: string }>('SELECT last_seen_at::text AS seen FROM responder_devices WHERE responder_id = $1', [who.responderId]);
    expect(device.seen > '2026').toBe(true);
    await server.ctx.deviceTokens.start();
  });

  it('stops a token at once when its device is deactivated or its responder refused, however the change is made', async () => {
    const [deactivated, refused] = [await addResponder(server, area), await addResponder(server, area)];
    for (const who of [deactivated, refused]) expect((await me(server, who)).statusCode).toBe(200);
    await server.ctx.database.query('UPDATE responder_devices SET active = false WHERE responder_id = $1', [deactivated.responderId]);
    await server.ctx.database.query(`UPDATE responders SET account_status = 'refused' WHERE id = $1`, [refused.responderId]);
    for (const who of [deactivated, refused]) await expect.poll(async () => (await me(server, who)).statusCode, { timeout: 3000 }).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('device tokens kept on several instances (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let first: TestServer;
  let second: TestServer;
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ first, second, close } = await startTwoInstances());
  });
  afterAll(async () => close());

  it('stops a token replaced through instance A on instance B, which kept it', async () => {
    const who = await addResponder(first, area);
    expect((await me(second, who)).statusCode).toBe(200); // kept on B
    const replaced = await first.app.inject({ method: 'POST', url: `${v1}/device/token`, headers: { authorization: who.auth } });
    expect(replaced.statusCode).toBe(200);
    await expect.poll(async () => (await me(second, who)).statusCode, { timeout: 3000 }).toBe(401);
    expect((await me(second, { ...who, auth: `Responder ${replaced.json().data.token}` })).statusCode).toBe(200);
  });
});
