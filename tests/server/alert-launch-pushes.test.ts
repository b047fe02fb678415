import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBackground } from '../../server/src/bootstrap';
import { addResponder, alertConfig, area, call, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * A launch answers once the live alert and its requests are committed; each request's ALERT
 * messages (one per device, in the responder's language) are written from it by the push delivery
 * right after. What a person can check: every alerted phone gets its ALERT, also when the process
 * stopped before writing them, and always before any later message of the same alert.
 */
const v2 = '/services/emergency/v2';
let server: TestServer;
let operator: string;

beforeAll(async () => {
  // No background work yet: the delivery writes no launch's messages, as a process stopped right after the launch's commit.
  server = await startTestServer(alertConfig(), { background: false });
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

const spot = (index: number) => offset(area, 0, index * 20_000);

interface Message {
  responder_id: number;
  kind: string;
  status: string;
  payload: { title: string; data: { requestId: string } };
}
const messages = (alertId: number) => server.ctx.database.query<Message>(`SELECT responder_id, kind, status, payload FROM push_outbox WHERE alert_id = $1 ORDER BY id`, [alertId]);

describe('the ALERT messages of a launch', () => {
  it('come before a message sent to the same alert afterwards, whether or not the delivery has written them yet', async () => {
    const victim = spot(1);
    const first = await addResponder(server, offset(victim, 40, 0));
    const second = await addResponder(server, offset(victim, 80, 0), { language: 'de' });
    const launched = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: '1 place du Test', alertType: 1 });
    expect(launched.status).toBe(200);
    const alertId = launched.body.data.alertId as number;
    expect(await messages(alertId)).toEqual([]);

    const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${alertId}&lang=fr`)).body.data as { id: number; citizenResponderId: number }[];
    const card = cards.find((each) => each.citizenResponderId === first.responderId)!;
    expect((await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId, id: card.id })).status).toBe(200);
    const written = await messages(alertId);
    expect(written.map((message) => [message.responder_id, message.kind])).toEqual([
      [first.responderId, 'ALERT'],
      [second.responderId, 'ALERT'],
      [first.responderId, 'STOPPED'],
    ]);
    expect(written[1].payload.title).toBe('Herzstillstand in Ihrer Nähe');
  });

  it('are written and sent by the next start when the process stopped before writing them', async () => {
    const victim = spot(2);
    const responders = [await addResponder(server, offset(victim, 40, 0), { language: 'en' }), await addResponder(server, offset(victim, 0, 90))];
    const launched = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: '2 place du Test', alertType: 3 });
    const alertId = launched.body.data.alertId as number;
    expect(await messages(alertId)).toEqual([]);

    await startBackground(server.ctx);
    await vi.waitFor(
      async () => {
        const sent = await messages(alertId);
        expect(sent.map((message) => [message.responder_id, message.kind, message.status]).sort()).toEqual(
          responders.map((responder) => [responder.responderId, 'ALERT', 'sent']).sort(),
        );
      },
      { timeout: 20_000, interval: 100 },
    );
    const sent = await messages(alertId);
    expect(sent.find((message) => message.responder_id === responders[0].responderId)!.payload.title).toBe('Road accident near you');
    expect(sent.find((message) => message.responder_id === responders[1].responderId)!.payload.title).toBe('Accident de la route près de vous');
  });
});
