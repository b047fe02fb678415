import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnnouncedCache } from './announced-cache';

/** An answer as the bytes of its JSON, and gzipped: the same bytes for every caller. */
export interface KeptAnswer {
  json: Buffer;
  gzip: Buffer;
}

/** Answers of the most frequent reads, kept as bytes while their tables' changes are announced. */
export type KeptAnswers = AnnouncedCache<string, KeptAnswer>;

const gzipped = promisify(gzip);

export async function keptAnswer(text: string): Promise<KeptAnswer> {
  const json = Buffer.from(text);
  return { json, gzip: await gzipped(json) };
}

/** Whether a request takes gzip (a browser always does): "gzip" listed, not with q=0. */
function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string') return false;
  return accepted.split(',').some((part) => {
    const [coding, ...parameters] = part.toLowerCase().split(';').map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && !(quality && Number(quality.slice(2)) === 0);
  });
}

/**
 * Sends a kept answer as it is: gzipped to a caller that takes it (a seventh of the bytes, which
 * the socket writes cost more than anything else in a kept answer), the JSON bytes otherwise.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.json);
}

/**
 * A caller who changes something and then reads it must see the change, even before the
 * announcement reaches this instance: every call of a staff session (the only callers of the kept
 * reads) that may write — any method but GET and HEAD, except the POST calls named as reads —
 * forgets the kept answers before its answer leaves, after its transaction committed. The
 * responder app's calls (a position every few seconds from every responder) reach them through
 * the announcements alone, so that they do not forget everything many times a second.
 */
export function forgetOnWrites(app: FastifyInstance, kept: { forget(): void }[], readOnlyPosts: ReadonlySet<string>): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    const writes = request.method !== 'GET' && request.method !== 'HEAD' && !readOnlyPosts.has(request.routeOptions.url ?? '');
    if (writes && request.session) for (const cache of kept) cache.forget();
    return payload;
  });
}
