import { dirname, basename } from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../../contract/http';
import { communeLabel, communesQuery } from '../../../../contract/tiles.schemas';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { typed } from '../../routing';
import { outlines } from './outlines';
import { archiveOf, archivePath, communesPath, outlinesPath } from './service';

/** A day: the archive keeps its ETag, so a changed one is fetched again once a browser revalidates. */
const archiveMaxAgeMs = 24 * 3600 * 1000;
const communeLimit = 400;

/**
 * The map data Vigil serves itself, without sign-in (map tiles hold nothing private, and image and
 * range requests carry no token): the offline archive with HTTP range requests, the fallback
 * outlines and commune names. Every other /tiles/… path is a 404, never the SPA's page.
 */
export async function tileRoutes(app: FastifyInstance, ctx: AppContext) {
  const archive = await archiveOf(ctx);

  app.route({
    method: ['GET', 'HEAD'],
    url: archivePath,
    schema: { tags: ['tiles'], summary: 'The offline basemap (PMTiles archive); answers Range requests with 206' },
    handler: async (request, reply) => {
      if (!archive) throw notFound();
      const sent = await send(request.raw, basename(archive.path), { root: dirname(archive.path), acceptRanges: true, maxAge: archiveMaxAgeMs, dotfiles: 'allow' });
      // A range beyond the end is a 416 with the size (readers retry with it); anything else missing, a 404.
      if (sent.type === 'error' && sent.statusCode !== 416) throw notFound();
      reply.code(sent.statusCode).headers({ ...sent.headers, 'content-type': 'application/vnd.pmtiles' });
      return reply.send(sent.stream);
    },
  });

  app.get(outlinesPath, { schema: { tags: ['tiles'], summary: 'Country and département outlines (GeoJSON), shown when no street map answers' } }, async (request, reply) => {
    const { areas } = await outlines();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    reply.type('application/geo+json').header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(gzip ? areas.gzip : areas.json);
  });

  typed(app).get(communesPath, {
    schema: { tags: ['tiles'], summary: 'Commune names at their centres inside a box, most populated first', querystring: communesQuery, response: { 200: ok(z.array(communeLabel)) } },
    handler: async (request) => {
      const communes = (await outlines()).communesIn(request.query, communeLimit);
      return { data: communes.map(([code, name, lon, lat]) => ({ code, name, lon, lat })) };
    },
  });

  // Tiles are ours: a path Vigil does not serve is an honest 404 (a tile layer then shows its fallback).
  app.get('/tiles/*', async () => {
    throw notFound();
  });
}
