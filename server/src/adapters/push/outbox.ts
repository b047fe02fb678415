import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../../db/database';
import type { PushContent, PushRouter, SendOutcome } from './provider';

/** The durable job that delivers pending outbox rows. */
export const pushDeliverQueue = 'push.deliver';

/** A claimed row stays reserved this long; a worker that dies mid-batch frees it for another. */
const leaseSeconds = 120;

interface ClaimedRow {
  id: number;
  device_id: number;
  payload: PushContent;
  attempts: number;
  push_token: string | null;
  os: string;
  device_active: boolean;
}

/**
 * Delivers due pending messages in batches until none is left: each batch is claimed with
 * FOR UPDATE SKIP LOCKED (so instances never send the same row twice), sent through the provider
 * of the device's OS, then marked sent, retried later (with backoff) or failed. A `gone` token
 * disables the device's push token. Returns the number of rows handled.
 */
export async function deliverPending(db: Db, route: PushRouter, options: { batchSize: number; maxAttempts: number; log: FastifyBaseLogger }): Promise<number> {
  let handled = 0;
  for (;;) {
    const batch = await rowsOf<ClaimedRow>(
      db,
      sql`WITH due AS (
            SELECT id FROM push_outbox WHERE status = 'pending' AND next_attempt_at <= now()
             ORDER BY next_attempt_at, id LIMIT ${options.batchSize} FOR UPDATE SKIP LOCKED)
          UPDATE push_outbox o SET attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
            FROM due, responder_devices d
           WHERE o.id = due.id AND d.id = o.device_id
          RETURNING o.id, o.device_id, o.payload, o.attempts, d.push_token, d.os, d.active AS device_active`,
    );
    if (batch.length === 0) return handled;
    const outcomes = await Promise.all(batch.map((row) => sendOne(route, row)));
    // Sent rows are marked in one statement; the rare failures one by one.
    const sent = outcomes.flatMap((outcome, index) => (outcome.ok ? [{ id: batch[index].id, provider: outcome.provider, message_id: outcome.providerMessageId ?? null }] : []));
    if (sent.length > 0) {
      await db.execute(sql`UPDATE push_outbox o SET status = 'sent', sent_at = now(), provider = s.provider, provider_message_id = s.message_id, last_error = NULL
          FROM jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) AS s(id bigint, provider text, message_id text) WHERE o.id = s.id`);
    }
    for (const [index, outcome] of outcomes.entries()) if (!outcome.ok) await recordFailure(db, batch[index], outcome, options);
    handled += batch.length;
  }
}

type Outcome = (SendOutcome & { provider: string }) | { ok: false; gone: false; retryable: false; error: string; provider: null };

async function sendOne(route: PushRouter, row: ClaimedRow): Promise<Outcome> {
  if (!row.push_token || !row.device_active) return { ok: false, gone: false, retryable: false, error: 'no-push-token', provider: null };
  const provider = route(row.os);
  try {
    return { ...(await provider.send(row.push_token, row.payload)), provider: provider.name };
  } catch (error) {
    return { ok: false, gone: false, retryable: true, error: (error as Error).message, provider: provider.name };
  }
}

async function recordFailure(db: Db, row: ClaimedRow, outcome: Extract<Outcome, { ok: false }>, options: { maxAttempts: number; log: FastifyBaseLogger }): Promise<void> {
  if (outcome.gone) await db.execute(sql`UPDATE responder_devices SET push_token = NULL WHERE id = ${row.device_id}`);
  const retry = outcome.retryable && row.attempts < options.maxAttempts;
  const delay = ('retryAfterSeconds' in outcome ? outcome.retryAfterSeconds : undefined) ?? Math.min(600, 5 * 2 ** row.attempts);
  await db.execute(sql`UPDATE push_outbox SET status = ${retry ? 'pending' : 'failed'}, provider = ${outcome.provider}, last_error = ${outcome.error},
      next_attempt_at = now() + make_interval(secs => ${delay}) WHERE id = ${row.id}`);
  if (!retry) options.log.warn({ outbox: row.id, error: outcome.error }, 'push message failed');
}
