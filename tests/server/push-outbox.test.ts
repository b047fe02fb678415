import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPending } from '../../server/src/adapters/push/outbox';
import type { PushProvider, SendOutcome } from '../../server/src/adapters/push/provider';
import { addResponder } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The outbox worker's pipeline on a real database: the next batches are claimed while earlier
 * ones are still with the provider, never more than the depth, and each batch's results are
 * written when that batch is answered.
 */
let server: TestServer;
let mine: number[] = [];

/** A provider that holds every message until told to answer, and tells the most it held at once. */
function gatedProvider() {
  const waiting: { token: string; answer: (outcome: SendOutcome) => void }[] = [];
  let mostHeld = 0;
  const provider: PushProvider = {
    name: 'gated',
    send: (token) =>
      new Promise<SendOutcome>((answer) => {
        waiting.push({ token, answer });
        mostHeld = Math.max(mostHeld, waiting.length);
      }),
  };
  return {
    provider,
    waiting,
    mostHeld: () => mostHeld,
    /** Answers the first `count` messages still waiting. */
    release(count: number) {
      for (const item of waiting.splice(0, count)) item.answer({ ok: true, providerMessageId: `gated-${item.token}` });
    },
  };
}

async function until(check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await sleep(20);
  }
}

beforeAll(async () => {
  // No background jobs: only the drain under test touches the outbox.
  server = await startTestServer({}, { background: false });
  const db = server.ctx.database;
  // Whatever the demo data left due is sent first; the test's own rows come after it.
  await db.query(`UPDATE push_outbox SET status = 'sent', sent_at = now() WHERE status = 'pending'`);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO push_outbox (device_id, responder_id, kind, payload)
     SELECT d.id, d.responder_id, 'NOTIFICATION_TEST', '{"title":"Pipeline","body":"Test"}'::jsonb
       FROM responder_devices d WHERE d.active AND d.push_token IS NOT NULL ORDER BY d.id LIMIT 10
     RETURNING id`,
  );
  mine = rows.map((row) => row.id);
});

afterAll(async () => {
  await server?.close();
});

describe('push outbox pipeline', () => {
  it('claims the next batches while earlier ones are in flight, and records each batch when it is answered', async () => {
    expect(mine).toHaveLength(10);
    const gate = gatedProvider();
    const statuses = async () =>
      (await server.ctx.database.query<{ status: string; attempts: number; provider: string | null }>('SELECT status, attempts, provider FROM push_outbox WHERE id = ANY($1::bigint[]) ORDER BY id', [mine]));
    const drained = deliverPending(server.ctx.database.db, () => gate.provider, { batchSize: 2, depth: 3, maxAttempts: 5, log: server.ctx.log, followMs: 0 });

    // Three batches of two are with the provider at once.
    await until(() => gate.waiting.length === 6);
    let rows = await statuses();
    expect(rows.filter((row) => row.attempts === 1)).toHaveLength(6);
    expect(rows.every((row) => row.status === 'pending')).toBe(true);

    // The first batch answered: its results are written, and a fourth batch goes out.
    gate.release(2);
    await until(async () => (await statuses()).filter((row) => row.status === 'sent').length === 2);
    await until(() => gate.waiting.length === 6);
    rows = await statuses();
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(2);
    expect(rows.filter((row) => row.attempts === 1)).toHaveLength(8);

    // The rest answered as it comes.
    while ((await Promise.race([drained.then(() => 'done'), sleep(50).then(() => 'waiting')])) === 'waiting') gate.release(gate.waiting.length);
    expect(await drained).toBe(10);
    // Never more than three batches with the provider at once, over the whole drain.
    expect(gate.mostHeld()).toBe(6);
    rows = await statuses();
    expect(rows.map((row) => [row.status, row.provider])).toEqual(Array.from({ length: 10 }, () => ['sent', 'gated']));
  });

  it('loses the messages of a responder who is removed, through their device', async () => {
    const db = server.ctx.database;
    // A responder of their own (registered with a device), one queued message, no alert history.
    const { responderId } = await addResponder(server, { lat: 45.1, lon: 3.1 });
    const [device] = await db.query<{ id: number }>('SELECT id FROM responder_devices WHERE responder_id = $1', [responderId]);
    const responder = { id: responderId };
    await db.query(`INSERT INTO push_outbox (device_id, responder_id, kind, payload) VALUES ($1, $2, 'NOTIFICATION_TEST', '{}'::jsonb)`, [device.id, responder.id]);
    const queued = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_outbox WHERE responder_id = $1', [responder.id]))[0].n;
    expect(await queued()).toBe(1);
    await db.query('DELETE FROM responders WHERE id = $1', [responder.id]);
    expect(await queued()).toBe(0);
  });
});
