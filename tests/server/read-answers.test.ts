import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alert, responderCard } from '../../contract/alert.schemas';
import { aedListResponse } from '../../contract/aed-list.schemas';
import { ok } from '../../contract/http';
import { addAed, addResponder, alertConfig, area, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

const v2 = '/services/emergency/v2';
let server: TestServer;
let operator: string;

beforeAll(async () => {
  server = await startTestServer(alertConfig({ ALERT_DISTANCE_MAX_KM: 0.5 }));
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

/** A place of its own for each test, 30 km apart (north-west of the other suites' places). */
const spot = (index: number) => offset(area, 30_000 * index, -30_000 * index);

/** The raw text of an answer, after checking it is a 200. */
async function text(method: 'GET' | 'POST', url: string, payload?: object): Promise<string> {
  const response = await server.app.inject({ method, url, headers: { authorization: operator }, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** What zod's serializer (encode, then JSON.stringify) writes for the same data. */
const asZodWrites = (schema: z.ZodType, body: string) => JSON.stringify(z.encode(schema, JSON.parse(body)));

// These answers are written by fast-json-stringify (server/src/serialization.ts): the text must be
// the one zod's serializer writes for every other route, nulls, nested objects and numbers included.
describe('the most frequent reads', () => {
  it('write the alert lists as zod does: live, closed with their closer, and none', async () => {
    const launched = async (index: number) => (await server.app.inject({ method: 'POST', url: `${v2}/alertLaunch`, headers: { authorization: operator }, payload: { ...spot(index), address: `${index} rue du Test`, alertType: 1 } })).json().data as { alertId: number };
    const closed = await launched(1);
    await server.app.inject({ method: 'POST', url: `${v2}/alertClose`, headers: { authorization: operator }, payload: { alertId: closed.alertId } });
    const live = await launched(2);
    const schema = ok(z.array(alert));
    const liveList = await text('GET', `${v2}/alerts?close=0&status=2`);
    expect(liveList).toBe(asZodWrites(schema, liveList));
    expect((JSON.parse(liveList).data as { alertId: number }[]).map((row) => row.alertId)).toContain(live.alertId);
    const closedList = await text('GET', `${v2}/alerts?close=1&limit=200`);
    expect(closedList).toBe(asZodWrites(schema, closedList));
    const closedRow = (JSON.parse(closedList).data as { alertId: number; closedBy: object | null; closeReason: string | null }[]).find((row) => row.alertId === closed.alertId);
    expect(closedRow).toMatchObject({ closedBy: { firstName: 'Olivier', lastName: 'Bernard' }, closeReason: 'user' });
    expect(await text('GET', `${v2}/alerts?close=0&status=2&alertType=999`)).toBe('{"data":[]}');
  });

  it('write responder cards as zod does, with and without positions and AED missions, and [] for an alert nobody was sent to', async () => {
    const victim = spot(3);
    // As in alerts.test.ts: the two nearest go to the victim, the one beyond the AED fetches it.
    await addResponder(server, offset(victim, 50, 0));
    await addResponder(server, offset(victim, 0, 120));
    await addResponder(server, offset(victim, 250, 0));
    await addAed(server, offset(victim, 150, 0));
    const reached = (await server.app.inject({ method: 'POST', url: `${v2}/alertLaunch`, headers: { authorization: operator }, payload: { ...victim, address: '3 rue du Test', alertType: 1 } })).json().data as { alertId: number; nbRequests: number };
    expect(reached.nbRequests).toBe(3);
    const cards = await text('GET', `${v2}/citizenRespondersOnCall?alertId=${reached.alertId}&lang=fr`);
    expect(cards).toBe(asZodWrites(ok(z.array(responderCard)), cards));
    const missions = (JSON.parse(cards).data as { mission: string }[]).map((card) => card.mission).sort();
    expect(missions).toEqual(['aed', 'victim', 'victim']);

    const alone = (await server.app.inject({ method: 'POST', url: `${v2}/alertLaunch`, headers: { authorization: operator }, payload: { ...spot(4), address: '4 rue du Test', alertType: 1 } })).json().data as { alertId: number; nbRequests: number };
    expect(alone.nbRequests).toBe(0);
    expect(await text('GET', `${v2}/citizenRespondersOnCall?alertId=${alone.alertId}&lang=fr`)).toBe('{"data":[]}');
  });

  it('write an AED list page as zod does, with each AED’s open reports counted', async () => {
    const first = await text('POST', '/services/backOffice/aed/getAllList', { filter: [], page: 1 });
    const [top] = JSON.parse(first).data.list as { id: number; onGoingReports: number }[];
    await server.ctx.database.query(
      `INSERT INTO aed_reports (aed_id, reporter_email, description, problem_type, status) VALUES ($1, 'a@example.org', 'x', 1, 'onGoing'), ($1, 'b@example.org', 'y', 2, 'onGoing'), ($1, 'c@example.org', 'z', 1, 'resolved')`,
      [top.id],
    );
    for (const body of [{ filter: [], page: 1 }, { filter: [], page: 2, order: 'name', orderSort: 'asc' }, { filter: [{ type: 'ALL', tag: 'all', value: 'a' }], page: 1, limit: 20 }]) {
      const page = await text('POST', '/services/backOffice/aed/getAllList', body);
      expect(page).toBe(asZodWrites(ok(aedListResponse), page));
    }
    const again = JSON.parse(await text('POST', '/services/backOffice/aed/getAllList', { filter: [], page: 1 })).data.list as { id: number; onGoingReports: number }[];
    expect(again.find((row) => row.id === top.id)!.onGoingReports).toBe(top.onGoingReports + 2);
  });
});
