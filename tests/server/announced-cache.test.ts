import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncedCache } from '../../server/src/plugins/announced-cache';
import { startTestServer, type TestServer } from './harness';

/** The cache under the kept identities and AED list pages: what it keeps, shares and forgets. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { background: false });
});
afterAll(async () => server?.close());

const channels = ['vigil_cache_probe', 'vigil_cache_probe_too'];
const cacheOf = () => createAnnouncedCache<string, number>(server.ctx.database, pino({ level: 'silent' }) as FastifyBaseLogger, { channels, maxAgeMs: 60_000, maxEntries: 2 });

/** A read that counts its calls and answers when released. */
function reads() {
  let calls = 0;
  let release: (value: number) => void = () => undefined;
  return {
    read: () => {
      calls += 1;
      return new Promise<number>((resolve) => (release = resolve));
    },
    release: (value: number) => release(value),
    calls: () => calls,
  };
}

describe('announced cache', () => {
  it('keeps nothing until it listens', async () => {
    const cache = cacheOf();
    let calls = 0;
    const read = async () => ++calls;
    expect(await cache.get('a', read)).toBe(1);
    expect(await cache.get('a', read)).toBe(2);
  });

  it('shares one read between callers that miss together, and keeps its answer', async () => {
    const cache = cacheOf();
    await cache.start();
    try {
      const probe = reads();
      const first = cache.get('a', probe.read);
      const second = cache.get('a', probe.read);
      probe.release(7);
      expect(await Promise.all([first, second])).toEqual([7, 7]);
      expect(probe.calls()).toBe(1);
      expect(await cache.get('a', async () => 8)).toBe(7);
    } finally {
      await cache.stop();
    }
  });

  it('neither keeps nor shares a read that a change overtook', async () => {
    const cache = cacheOf();
    await cache.start();
    try {
      const probe = reads();
      const before = cache.get('a', probe.read);
      cache.forget();
      // A caller after the change does not join the read that began before it.
      const after = cache.get('a', async () => 2);
      probe.release(1);
      expect(await before).toBe(1);
      expect(await after).toBe(2);
      // The overtaken read was not kept; the later one was.
      expect(await cache.get('a', async () => 3)).toBe(2);
    } finally {
      await cache.stop();
    }
  });

  it('forgets on an announcement on any of its channels, and the oldest answer beyond its size', async () => {
    const cache = cacheOf();
    await cache.start();
    try {
      await cache.get('a', async () => 1);
      await server.ctx.database.query(`SELECT pg_notify('${channels[0]}', '')`);
      await expect.poll(() => cache.get('a', async () => 2), { timeout: 3000 }).toBe(2);
      await server.ctx.database.query(`SELECT pg_notify('${channels[1]}', '')`);
      await expect.poll(() => cache.get('a', async () => 5), { timeout: 3000 }).toBe(5);
      await cache.get('b', async () => 1);
      await cache.get('c', async () => 1);
      expect(await cache.get('a', async () => 3)).toBe(3); // 'a', the oldest of three, was dropped
    } finally {
      await cache.stop();
    }
  });
});
