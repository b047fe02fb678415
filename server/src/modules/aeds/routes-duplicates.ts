import { aedDetail } from '../../../../contract/aed.schemas';
import { linkGeoDaeBody, mergeBody, mergeInfoQuery, mergeInfoResponse, mergeResponse, potentialDuplicateQuery, potentialDuplicatesResponse } from '../../../../contract/aed-merge.schemas';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { linkGeoDae, potentialDuplicates } from './duplicates';
import { mergeAeds, mergeInfo } from './merge';
import type { TypedApp } from './routes';

/** Potential duplicates, GeoDAE link and merge. */
export function duplicateRoutes(app: TypedApp, ctx: AppContext) {
  const read = requireCapability(ctx, 'aed.read');
  const merge = requireCapability(ctx, 'aed.merge');

  app.get('/services/backOffice/aed/potentialDuplicateAed', {
    preHandler: read,
    schema: { tags: ['aed'], querystring: potentialDuplicateQuery, response: { 200: ok(potentialDuplicatesResponse) } },
    handler: async (request) => ({ data: await potentialDuplicates(ctx, sessionOf(request), request.query) }),
  });

  app.patch('/services/backOffice/aed/linkGeoDaeToSA', {
    preHandler: merge,
    schema: { tags: ['aed'], body: linkGeoDaeBody, response: { 200: ok(aedDetail) } },
    handler: async (request) => ({ data: await linkGeoDae(ctx, sessionOf(request), request.body) }),
  });

  app.get('/services/backOffice/aed/aedsMergeInfo', {
    preHandler: merge,
    schema: { tags: ['aed'], querystring: mergeInfoQuery, response: { 200: ok(mergeInfoResponse) } },
    handler: async (request) => ({ data: await mergeInfo(ctx, sessionOf(request), request.query) }),
  });

  app.patch('/services/backOffice/aed/aedMerge', {
    preHandler: merge,
    schema: { tags: ['aed'], body: mergeBody, response: { 200: ok(mergeResponse) } },
    handler: async (request) => ({ data: await mergeAeds(ctx, sessionOf(request), request.body) }),
  });
}
