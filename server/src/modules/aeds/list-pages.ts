import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AedListBody } from '../../../../contract/aed-list.schemas';
import type { Database } from '../../db/database';
import { createAnnouncedCache, type AnnouncedCache } from '../../plugins/announced-cache';
import { today } from './settings';
import type { SiteInfo } from './tenancy';

/** A list answer as the bytes of its JSON, and gzipped: the same bytes for every caller. */
export interface KeptAnswer {
  json: Buffer;
  gzip: Buffer;
}

/** List answers (listAnswer), kept by scope, request and day. */
export type AedPages = AnnouncedCache<string, KeptAnswer>;

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
 * List answers kept in memory: the same first page is asked by every screen that opens the
 * register, and reading it (50 full AEDs with their open reports and the counts) costs far more
 * than sending it. Kept as bytes, plain and gzipped, it is not even written or encoded again.
 * Every change to what a list shows (AEDs, their reports, the cells and search copy the counts
 * read) is announced on `vigil_aeds` by statement triggers (migration 0032), and any call that may
 * write forgets them in its own instance before answering (forgetOnWrites).
 */
export function createAedPages(database: Database, log: FastifyBaseLogger): AedPages {
  return createAnnouncedCache(database, log, { channel: 'vigil_aeds', maxAgeMs: 30_000, maxEntries: 500 });
}

/** What a list answer depends on besides the register: the accounts it covers, the request and the day (vigilance). */
export function pageKey(sites: SiteInfo[], body: AedListBody): string {
  return `${today()}|${sites.map((site) => `${site.id}:${site.kind}`).join(',')}|${JSON.stringify(body)}`;
}

/** Calls that only read, and so leave the kept pages: every other call forgets them. */
const readOnlyPost = new Set(['/services/backOffice/aed/getAllList', '/services/backOffice/aed/getAedsMap', '/services/backOffice/aed/export']);

/**
 * A caller who changes an AED and then lists the register must see the change, even before the
 * announcement reaches this instance: every call that may write forgets the kept pages before its
 * answer leaves (after its transaction committed).
 */
export function forgetOnWrites(app: FastifyInstance, pages: AedPages): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !readOnlyPost.has(request.routeOptions.url ?? '')) pages.forget();
    return payload;
  });
}
