import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../../db/database';
import type { PushContent, PushRouter, SendOutcome } from './provider';

/** The durable job that delivers pending outbox rows. */
export const pushDeliverQueue = 'push.deliver';

/** A claimed row stays reserved this long unless told otherwise; a worker that dies mid-batch frees it for another. */
const defaultLeaseSeconds = 120;

/** Batches in flight at once unless told otherwise. */
export const defaultPipelineDepth = 3;

interface ClaimedRow {
  id: number;
  device_id: number;
  payload: PushContent;
  attempts: number;
  push_token: string | null;
  os: string;
  device_active: boolean;
}

/** Options of one drain of the outbox. */
export interface DeliverOptions {
  /** Rows claimed (and their results written) per statement. */
  batchSize: number;
  maxAttempts: number;
  log: FastifyBaseLogger;
  /** Seconds a claimed row stays reserved to this drain (default 120). */
  leaseSeconds?: number;
  /**
   * Batches in flight at once: the next batch is claimed while the previous ones are still with
   * the provider, so the sockets never wait for the database (default 3).
   */
  depth?: number;
  /**
   * When nothing is due but a pending row falls due within this many milliseconds (a notification
   * released `fakeBatch` per second), the drain waits for it instead of ending (default 1000).
   */
  followMs?: number;
  /**
   * A drain follows due messages for this long at most (default 60 s), so that the durable job
   * running it ends; the progress check of a long release starts the next drain.
   */
  maxFollowMs?: number;
  /** Ends the drain early (the app is closing): batches in flight still finish and are recorded. */
  signal?: AbortSignal;
}

/**
 * Delivers due pending messages in pipelined batches until none is left (or due soon): each batch
 * is claimed with FOR UPDATE SKIP LOCKED (so instances never send the same row twice) and leased,
 * sent through the provider of the device's OS, and its results are written as they come: the
 * messages answered within 50 ms of each other in one statement (sent), and one statement per failure
 * (retried later with backoff, or failed). Up to `depth` batches
 * are in flight; a `gone` token disables the device's push token. Returns the number of rows handled.
 */
export async function deliverPending(db: Db, route: PushRouter, options: DeliverOptions): Promise<number> {
  const depth = Math.max(1, options.depth ?? defaultPipelineDepth);
  const followMs = options.followMs ?? 1000;
  const followUntil = Date.now() + (options.maxFollowMs ?? 60_000);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let handled = 0;
  for (;;) {
    while (inFlight.size >= depth) await Promise.race(inFlight);
    if (failure || options.signal?.aborted) break;
    const batch = await claim(db, options.batchSize, options.leaseSeconds ?? defaultLeaseSeconds);
    if (batch.length > 0) {
      handled += batch.length;
      const flight: Promise<void> = sendBatch(db, route, batch, options)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => inFlight.delete(flight));
      inFlight.add(flight);
      continue;
    }
    const wait = await untilNextDue(db);
    if (wait === null || wait > followMs || Date.now() + wait > followUntil) break;
    await sleep(Math.max(10, wait), undefined, { signal: options.signal }).catch(() => undefined);
  }
  await Promise.all(inFlight);
  // A batch whose results could not be written keeps its lease: another pass retries it.
  if (failure) throw failure;
  return handled;
}

/**
 * One turn of the event loop. On the embedded database each statement runs on this thread, and
 * statements queued back to back would keep the providers' sockets from being read meanwhile.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Claims and leases up to `size` due pending rows with what sending them needs. */
async function claim(db: Db, size: number, leaseSeconds: number): Promise<ClaimedRow[]> {
  await turn();
  return rowsOf<ClaimedRow>(
    db,
    sql`WITH due AS (
          SELECT id FROM push_outbox WHERE status = 'pending' AND next_attempt_at <= now()
           ORDER BY next_attempt_at, id LIMIT ${size} FOR UPDATE SKIP LOCKED)
        UPDATE push_outbox o SET attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
          FROM due, responder_devices d
         WHERE o.id = due.id AND d.id = o.device_id
        RETURNING o.id, o.device_id, o.payload, o.attempts, d.push_token, d.os, d.active AS device_active`,
  );
}

/** Milliseconds until the next pending row falls due (0 when one is due now), or null when none is pending. */
export async function untilNextDue(db: Db): Promise<number | null> {
  const [row] = await rowsOf<{ wait: number | null }>(
    db,
    sql`SELECT (extract(epoch FROM (SELECT min(next_attempt_at) FROM push_outbox WHERE status = 'pending') - now()) * 1000)::float8 AS wait`,
  );
  return row?.wait === null || row?.wait === undefined ? null : Math.max(0, Number(row.wait));
}

/**
 * The answered messages of a batch are recorded at most this long after their answer, together with
 * those answered meanwhile: a batch answered at once is one statement, and one slow device does not
 * keep the rest of its batch unrecorded (a process that died then would have them sent again).
 */
const recordWithinMs = 50;

/** Sends one claimed batch and writes its results as they come. */
async function sendBatch(db: Db, route: PushRouter, batch: ClaimedRow[], options: DeliverOptions): Promise<void> {
  const answered: { id: number; provider: string; message_id: string | null }[] = [];
  const failures: { row: ClaimedRow; outcome: Extract<Outcome, { ok: false }> }[] = [];
  let writes: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const record = () => {
    clearTimeout(timer);
    timer = undefined;
    const rows = answered.splice(0);
    if (rows.length === 0) return;
    writes = writes.then(() => markSent(db, rows));
    writes.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  };
  await Promise.all(
    batch.map(async (row) => {
      const outcome = await sendOne(route, row);
      if (!outcome.ok) {
        failures.push({ row, outcome });
        return;
      }
      answered.push({ id: row.id, provider: outcome.provider, message_id: outcome.providerMessageId ?? null });
      timer ??= setTimeout(record, recordWithinMs);
    }),
  );
  record();
  await writes;
  // The rare failures one by one.
  for (const { row, outcome } of failures) await recordFailure(db, row, outcome, options);
}

/** Marks answered rows sent, in one statement. */
async function markSent(db: Db, rows: { id: number; provider: string; message_id: string | null }[]): Promise<void> {
  await turn();
  await db.execute(sql`UPDATE push_outbox o SET status = 'sent', sent_at = now(), provider = s.provider, provider_message_id = s.message_id, last_error = NULL
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS s(id bigint, provider text, message_id text) WHERE o.id = s.id`);
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
  // A message held meanwhile (its notification was stopped) stays held until played again.
  await db.execute(sql`UPDATE push_outbox SET status = CASE WHEN status = 'held' AND ${retry} THEN 'held' ELSE ${retry ? 'pending' : 'failed'} END, provider = ${outcome.provider}, last_error = ${outcome.error},
      next_attempt_at = now() + make_interval(secs => ${delay}) WHERE id = ${row.id}`);
  if (!retry) options.log.warn({ outbox: row.id, error: outcome.error }, 'push message failed');
}
