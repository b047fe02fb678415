import { DrizzleQueryError } from 'drizzle-orm';
import type pg from 'pg';

/**
 * Errors that say PostgreSQL cannot be reached, rather than that a statement is wrong: the server
 * is down, restarting, refusing connections, or slower to accept one than the connect time-out.
 * The error handler answers them 503 with `error.database.unavailable`.
 */

/** A connection could not be had from the pool: whatever the cause, the request cannot reach the database. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/** SQLSTATE of a connection lost or refused: class 08 (connection exception), 57P01-57P03 (shutdown, terminated), 53300 (too many connections). */
const lostStates = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);

/** Socket errors of a server that went away; counted only for the database's own queries, so other adapters' sockets are not taken for the database. */
const lostSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres' own words for a connection that ended under a query or is no longer usable. */
const lostMessages = ['Connection terminated', 'is not queryable'];

/**
 * The embedded engine (PGlite) stopped: its Postgres exited (emscripten's ExitStatus, not an Error)
 * or its WebAssembly trapped. Every later query fails the same way (scripts/patch-pglite.mjs).
 */
export function isEmbeddedEngineStopped(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { name?: unknown }).name === 'ExitStatus' || error instanceof WebAssembly.RuntimeError;
}

/** Whether `error`, or an error it wraps (drizzle wraps the driver's error as `cause`), says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let underQuery = false;
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; current = (current as Error).cause, depth++) {
    if (isEmbeddedEngineStopped(current)) return true;
    if (!(current instanceof Error)) return false;
    if (current instanceof DatabaseUnavailable) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (lostStates.has(code) || (underQuery && lostSocketCodes.has(code)))) return true;
    const message = current.message;
    if (lostMessages.some((lost) => message.includes(lost))) return true;
    underQuery ||= current instanceof DrizzleQueryError;
  }
  return false;
}

/**
 * Makes every failure to get a connection from `pool` (refused, timed out, the database closed to
 * connections, the pool's own "timeout exceeded when trying to connect") a DatabaseUnavailable,
 * for the pool's queries and for the transactions that check a client out alike; and so is a
 * socket error under one of the pool's queries (a connection reset while it ran).
 */
export function markLostConnections(pool: pg.Pool): void {
  type Callback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;
  const connect = pool.connect.bind(pool) as unknown as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: Callback) => {
    if (callback) return connect((error, client, done) => callback(error ? new DatabaseUnavailable(error) : error, client, done));
    return connect()!.catch((error: unknown) => {
      throw new DatabaseUnavailable(error);
    });
  }) as typeof pool.connect;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown> | undefined;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    // The callback form (unused here) is left as it is.
    return result?.catch((error: unknown) => {
      const code = (error as { code?: unknown }).code;
      throw typeof code === 'string' && lostSocketCodes.has(code) ? new DatabaseUnavailable(error) : error;
    });
  }) as typeof pool.query;
}
