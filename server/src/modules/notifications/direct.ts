import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { pushDelivery } from '../../adapters/push/delivery';
import type { PushContent } from '../../adapters/push/provider';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';

/** Outbox kind of a test message (a tester's phone, or the add form's test send). */
export const testKind = 'NOTIFICATION_TEST';

export interface DirectOutcome {
  /** sent, failed, or pending when the push service has not answered in time. */
  status: 'sent' | 'failed' | 'pending';
  provider: string | null;
  error: string | null;
}

/**
 * Sends one message to one device through the outbox (so it is retried and recorded like any
 * other), and waits up to `waitMs` for its outcome, which a person sending a test wants to see.
 */
export async function sendDirect(ctx: AppContext, target: { deviceId: number; responderId: number }, content: PushContent, waitMs = 3000): Promise<DirectOutcome> {
  const [{ id }] = await rowsOf<{ id: number }>(
    ctx.database.db,
    sql`INSERT INTO push_outbox (device_id, responder_id, kind, payload)
        VALUES (${target.deviceId}, ${target.responderId}, ${testKind}, ${JSON.stringify(content)}::jsonb) RETURNING id`,
  );
  pushDelivery(ctx).kick();
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await rowsOf<{ status: string; provider: string | null; error: string | null; attempts: number }>(
      ctx.database.db,
      sql`SELECT status, provider, last_error AS error, attempts FROM push_outbox WHERE id = ${id}`,
    );
    // A retryable failure leaves the row pending with its error: that is already an answer.
    if (row.status !== 'pending' || (row.attempts > 0 && row.error) || Date.now() >= deadline) {
      return { status: row.status === 'sent' ? 'sent' : row.status === 'failed' || row.error ? 'failed' : 'pending', provider: row.provider, error: row.error };
    }
    await sleep(50);
  }
}
