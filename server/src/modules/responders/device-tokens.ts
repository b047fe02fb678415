import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { createAnnouncedCache } from '../../plugins/announced-cache';

/** The responder behind a device token. */
export interface ResponderIdentity {
  responderId: number;
  deviceId: number;
  isBot: boolean;
}

/**
 * The responder API's device tokens, kept in memory while their changes are announced: every
 * responder's phone reports its position every few minutes, and a report would otherwise spend a
 * database write on finding its token and stamping the device. A new, replaced or deactivated token
 * and a responder refused or deleted are announced on `vigil_responder_devices` (migration 0041), so
 * every instance forgets them at once; an instance that makes such a change forgets before it answers.
 *
 * The device's `last_seen_at` is stamped when its token is read, then, while it is kept, by a write of
 * every device seen, once per `sightingsFlushMs` (and at the stop): it may lag by that much.
 */
export interface DeviceTokens {
  /** The identity of a token's hash, or undefined when no active device of a standing responder holds it. */
  identify(tokenHash: string): Promise<ResponderIdentity | undefined>;
  /** The identity of a token kept in memory (and the device stamped as seen), or undefined: then ask `identify`. */
  identifyKept(tokenHash: string): ResponderIdentity | undefined;
  /** Forget every kept token now, in this instance (the triggers tell the others). */
  forget(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const sightingsFlushMs = 30_000;

export function createDeviceTokens(database: Database, log: FastifyBaseLogger): DeviceTokens {
  const cache = createAnnouncedCache<string, ResponderIdentity | undefined>(database, log, {
    channels: ['vigil_responder_devices'],
    maxAgeMs: 60_000,
    maxEntries: 100_000,
  });
  /** When each device kept was last seen (ms): a number, so that a report allocates nothing here. */
  const sightings = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;

  const read = async (tokenHash: string): Promise<ResponderIdentity | undefined> => {
    const [row] = await database.query<{ device_id: number; responder_id: number; is_bot: boolean }>(
      `UPDATE responder_devices d SET last_seen_at = now() FROM responders r
        WHERE d.token_hash = $1 AND d.active AND r.id = d.responder_id AND r.account_status <> 'refused'
        RETURNING d.id AS device_id, d.responder_id, r.is_bot`,
      [tokenHash],
    );
    return row && { responderId: row.responder_id, deviceId: row.device_id, isBot: row.is_bot };
  };

  /** One statement stamps every device seen since the last flush. */
  const flushSightings = async () => {
    if (sightings.size === 0) return;
    const seen = [...sightings];
    sightings.clear();
    await database.query(
      `UPDATE responder_devices d SET last_seen_at = v.at FROM unnest($1::int[], $2::timestamptz[]) AS v(id, at)
        WHERE d.id = v.id AND (d.last_seen_at IS NULL OR d.last_seen_at < v.at)`,
      [`{${seen.map(([id]) => id).join(',')}}`, `{${seen.map(([, at]) => `"${new Date(at).toISOString()}"`).join(',')}}`],
    );
  };

  return {
    async identify(tokenHash) {
      let fresh = false;
      const identity = await cache.get(tokenHash, () => {
        fresh = true;
        return read(tokenHash);
      });
      // A wrong token is not kept: guessed tokens must not push the real ones out.
      if (!identity) cache.forget(tokenHash);
      else if (!fresh) sightings.set(identity.deviceId, Date.now());
      return identity;
    },
    identifyKept(tokenHash) {
      const identity = cache.kept(tokenHash);
      if (identity) sightings.set(identity.deviceId, Date.now());
      return identity;
    },
    forget: () => cache.forget(),
    async start() {
      await cache.start();
      timer = setInterval(() => {
        flushSightings().catch((error: unknown) => log.warn({ err: error }, 'device sightings not stamped'));
      }, sightingsFlushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flushSightings();
      await cache.stop();
    },
  };
}
