import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { PushProvider } from './provider';

/**
 * The embedded default: no message leaves the machine. Each one is logged and appended as a JSON
 * line to DATA_DIR/push/sent.jsonl (not for an in-memory data dir), and counts as sent.
 */
export function createLogProvider(options: { dataDir: string; log: FastifyBaseLogger }): PushProvider {
  const folder = options.dataDir.startsWith('memory:') ? undefined : join(options.dataDir, 'push');
  let ready: Promise<unknown> | undefined;
  let sequence = 0;
  // Lines written in the same tick go to the file in one append.
  let pending: string[] = [];
  let flushing: Promise<void> | undefined;
  const flush = (file: string) => {
    flushing ??= (async () => {
      await Promise.resolve();
      const lines = pending;
      pending = [];
      flushing = undefined;
      ready ??= mkdir(folder!, { recursive: true });
      await ready;
      await appendFile(file, lines.join(''));
    })();
    return flushing;
  };
  return {
    name: 'log',
    async send(token, content) {
      sequence += 1;
      const providerMessageId = `log-${Date.now().toString(36)}-${sequence}`;
      options.log.info({ push: providerMessageId, title: content.title, data: content.data }, 'push message recorded');
      if (folder) {
        pending.push(`${JSON.stringify({ id: providerMessageId, at: new Date().toISOString(), token: token.slice(0, 24), ...content })}\n`);
        await flush(join(folder, 'sent.jsonl'));
      }
      return { ok: true, providerMessageId };
    },
  };
}
