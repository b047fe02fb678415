import type { FastifyInstance } from 'fastify';
import { accountEndpoints as endpoints } from '../../../../contract/account.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as authService from '../auth/face';
import * as repo from './repo';

/** Third-party access and account lists (contract/account.endpoints.ts). */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.thirdAccess, async (request) => {
    const session = sessionOf(request);
    const own = await authService.ownSiteOf(ctx, session.userId);
    return { data: { accountList: await repo.accessibleAccounts(ctx.database.db, session.userId, own), selectedAccount: session.siteId } };
  });

  route(app, ctx, endpoints.switchAccount, async (request) => ({ data: await authService.switchAccount(ctx, sessionOf(request).userId, request.query.idAccount) }));

  route(app, ctx, endpoints.getAccountList, async (request) => ({ data: await repo.accountSubtree(ctx.database.db, sessionOf(request).siteId) }));

  route(app, ctx, endpoints.getSelectAccountList, async (request) => {
    const session = sessionOf(request);
    const tree = await repo.accountSubtree(ctx.database.db, session.siteId);
    // A DEFAULT_ADMIN account also offers the accounts its user manages (docs/decisions.md).
    const list = request.body?.withChild === false ? tree.filter((account) => account.id === session.siteId) : [...tree, ...(await repo.managedAccounts(ctx.database.db, session.userId, tree))];
    return { data: list.map((account) => ({ ...account, label: account.name, value: account.id })) };
  });
}
