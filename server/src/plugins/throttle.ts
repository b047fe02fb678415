import { statement, type Database } from '../db/database';

/**
 * Counters in the database, shared by every instance that runs on it: two instances behind a load
 * balancer then allow the configured rate once, not twice. Used by the HTTP rate limits (through
 * `rateLimitStore`) and by the sign-in throttle of one account from one address.
 */
export interface Throttle {
  /** Counts one hit on `key`; the window starts at the first hit and lasts `windowMs`. */
  hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }>;
  /** The hits of `key` in its current window (0 when none or over). */
  hits(key: string): Promise<number>;
  clear(key: string): Promise<void>;
}

const hitStatement = statement(
  `INSERT INTO throttle_hits AS t (key, hits, window_ends) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
   ON CONFLICT (key) DO UPDATE SET
     hits = CASE WHEN t.window_ends <= now() THEN 1 ELSE t.hits + 1 END,
     window_ends = CASE WHEN t.window_ends <= now() THEN excluded.window_ends ELSE t.window_ends END
   RETURNING hits, greatest(0, ceil(extract(epoch FROM t.window_ends - now()) * 1000))::int AS "ttlMs"`,
);
const hitsStatement = statement('SELECT hits FROM throttle_hits WHERE key = $1 AND window_ends > now()');
/** Windows long over are dropped now and then, so the table holds only live counters. */
const pruneEvery = 500;

export function createThrottle(database: Database): Throttle {
  let sincePrune = 0;
  return {
    async hit(key, windowMs) {
      if (++sincePrune >= pruneEvery) {
        sincePrune = 0;
        await database.query("DELETE FROM throttle_hits WHERE window_ends < now() - interval '1 minute'");
      }
      const [row] = await database.run<{ hits: number; ttlMs: number }>(hitStatement, [key, Math.max(1, Math.round(windowMs))]);
      return row;
    },
    async hits(key) {
      const [row] = await database.run<{ hits: number }>(hitsStatement, [key]);
      return row?.hits ?? 0;
    },
    async clear(key) {
      await database.query('DELETE FROM throttle_hits WHERE key = $1', [key]);
    },
  };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on the throttle: `new Store(options)` per plugin, `child()` per
 * route, so that each route counts on its own key (`METHOD url|client address`).
 */
export function rateLimitStore(throttle: Throttle) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;
    // The plugin passes its options first; a route's store gets its own prefix.
    constructor(_options?: unknown, prefix = 'rate|') {
      this.prefix = prefix;
    }
    // The plugin calls incr(key, callback, timeWindow, max); its types name only the first two.
    incr(key: string, callback: IncrCallback, timeWindow = 60_000): void {
      throttle.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error as Error),
      );
    }
    // The plugin passes the route's options merged with `routeInfo` (its method and url).
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `rate|${String(route.method)} ${route.url}|`);
    }
  };
}
