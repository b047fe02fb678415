import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/**
 * Answers kept in memory while the database announces every change to what they were read from
 * (a trigger's pg_notify on one of `channels`), so that every instance forgets them. Without the listener
 * (tests without background work, or while it reconnects) nothing is kept, and an age limit bounds
 * what a missed announcement could leave.
 */
export interface AnnouncedCache<K, V> {
  /**
   * The kept answer of `key`, or `read()`'s, kept unless a change was announced meanwhile. Callers
   * that miss together share one read, so a forgotten answer costs one read, not one per caller.
   */
  get(key: K, read: () => Promise<V>): Promise<V>;
  /** The kept answer of `key` when there is one (as `get` would answer it without reading), else undefined. */
  kept(key: K): V | undefined;
  /** Forget one key now, or every key, in this instance (the trigger tells the others). */
  forget(key?: K): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface AnnouncedCacheOptions<K> {
  channels: string[];
  maxAgeMs: number;
  maxEntries: number;
  /** The key an announcement names; without it, an announcement forgets every key. */
  keyOf?: (payload: string) => K;
  /** Told after an announcement made this instance forget `key` (every key when undefined). */
  onAnnounced?: (key?: K) => void;
}

export function createAnnouncedCache<K, V>(database: Database, log: FastifyBaseLogger, options: AnnouncedCacheOptions<K>): AnnouncedCache<K, V> {
  const kept = new Map<K, { value: V; at: number }>();
  const reading = new Map<K, { value: Promise<V>; generation: number }>();
  let listening = false;
  let unlisten: (() => Promise<void>)[] = [];
  // Raised by every forget: a read that began before it may hold the old rows and is not kept.
  let generation = 0;

  const forget = (key?: K) => {
    generation += 1;
    if (key === undefined) kept.clear();
    else kept.delete(key);
  };

  /** What `get` answers without reading: an entry kept while listening, younger than maxAgeMs. */
  const keptEntry = (key: K) => {
    if (!listening) return undefined;
    const entry = kept.get(key);
    return entry && Date.now() - entry.at < options.maxAgeMs ? entry : undefined;
  };

  return {
    async get(key, read) {
      if (!listening) return read();
      const entry = keptEntry(key);
      if (entry) return entry.value;
      const pending = reading.get(key);
      if (pending && pending.generation === generation) return pending.value;
      const before = generation;
      const value = read().finally(() => {
        if (reading.get(key)?.value === value) reading.delete(key);
      });
      reading.set(key, { value, generation: before });
      const result = await value;
      if (listening && before === generation) {
        kept.delete(key);
        // The oldest entry goes first (a Map iterates in insertion order).
        if (kept.size >= options.maxEntries) kept.delete(kept.keys().next().value as K);
        kept.set(key, { value: result, at: Date.now() });
      }
      return result;
    },
    kept: (key) => keptEntry(key)?.value,
    forget,
    async start() {
      const { keyOf } = options;
      for (const channel of options.channels) {
        unlisten.push(
          await database.listen(
            channel,
            (payload) => {
              const key = keyOf ? keyOf(payload) : undefined;
              forget(key);
              options.onAnnounced?.(key);
            },
            // Announcements may have been missed while the listener was away.
            () => {
              forget();
              options.onAnnounced?.();
            },
          ),
        );
      }
      listening = true;
      log.debug({ channels: options.channels }, 'announced cache listening');
    },
    async stop() {
      listening = false;
      forget();
      await Promise.all(unlisten.map((stop) => stop()));
      unlisten = [];
    },
  };
}
