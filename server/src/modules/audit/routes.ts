import type { FastifyInstance } from 'fastify';
import { auditEndpoints as endpoints } from '../../../../contract/audit.endpoints';
import { errorKeys } from '../../../../contract/errors';
import type { AppContext } from '../../context';
import { forbidden } from '../../errors';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { accountSubtree } from '../accounts/face';
import { registerAuditHook } from './hook';
import * as repo from './repo';

/**
 * The audit log: the hook that writes it (registered first, so it sees every route) and the paged,
 * filterable read for super administrators (capability audit.read), scoped to their accounts.
 */
export async function auditRoutes(fastify: FastifyInstance, ctx: AppContext) {
  registerAuditHook(fastify, ctx);
  route(fastify, ctx, endpoints.getAuditLog, async (request) => {
    const session = sessionOf(request);
    const subtree = (await accountSubtree(ctx.database.db, session.siteId)).map((account) => account.id);
    const { selectedSite } = request.query;
    if (selectedSite !== undefined && !subtree.includes(selectedSite)) throw forbidden(errorKeys.accountNotAllowed);
    const page = await repo.auditPage(ctx.database.db, selectedSite ? [selectedSite] : subtree, request.query);
    return { data: { ...page, page: request.query.page, limit: request.query.limit } };
  });
}
