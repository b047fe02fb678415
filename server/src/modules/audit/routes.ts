import type { FastifyInstance } from 'fastify';
import { auditPage, auditQuery } from '../../../../contract/audit.schemas';
import { errorKeys } from '../../../../contract/errors';
import { errorBody, ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { forbidden } from '../../errors';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import { accountSubtree } from '../accounts/repo';
import { registerAuditHook } from './hook';
import * as repo from './repo';

/**
 * The audit log: the hook that writes it (registered first, so it sees every route) and the paged,
 * filterable read for super administrators (capability audit.read), scoped to their accounts.
 */
export async function auditRoutes(fastify: FastifyInstance, ctx: AppContext) {
  registerAuditHook(fastify, ctx);
  const app = typed(fastify);
  app.get('/services/backoffice/audit/getAuditLog', {
    preHandler: requireCapability(ctx, 'audit.read'),
    schema: {
      tags: ['audit'],
      summary: 'Who did what and when: staff actions that changed data, newest first (page is one-based)',
      querystring: auditQuery,
      response: { 200: ok(auditPage), 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const subtree = (await accountSubtree(ctx.database.db, session.siteId)).map((account) => account.id);
      const { selectedSite } = request.query;
      if (selectedSite !== undefined && !subtree.includes(selectedSite)) throw forbidden(errorKeys.accountNotAllowed);
      const page = await repo.auditPage(ctx.database.db, selectedSite ? [selectedSite] : subtree, request.query);
      return { data: { ...page, page: request.query.page, limit: request.query.limit } };
    },
  });
}
