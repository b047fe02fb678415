import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as schemas from '../../../../contract/auth.schemas';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import * as authService from '../auth/service';
import * as repo from './repo';

/** Third-party access and account lists (spec §7, paths under /services/backOffice/account/). */
export async function accountRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireCapability(ctx, 'account.read');

  app.get('/services/backOffice/account/thirdAccess', {
    preHandler,
    schema: { tags: ['account'], response: { 200: ok(schemas.thirdAccess) } },
    handler: async (request) => {
      const session = sessionOf(request);
      const own = await authService.ownSiteOf(ctx, session.userId);
      return { data: { accountList: await repo.accessibleAccounts(ctx.database.db, session.userId, own), selectedAccount: session.siteId } };
    },
  });

  app.get('/services/backOffice/account/thirdAccess/switch', {
    preHandler,
    schema: { tags: ['account'], querystring: schemas.switchQuery, response: { 200: ok(schemas.signedInUser.extend({ accountConfigured: z.boolean() })) } },
    handler: async (request) => ({ data: await authService.switchAccount(ctx, sessionOf(request).userId, request.query.idAccount) }),
  });

  app.get('/services/backOffice/account/accountList/getAccountList', {
    preHandler,
    schema: { tags: ['account'], response: { 200: ok(z.array(schemas.accountSummary)) } },
    handler: async (request) => ({ data: await repo.accountSubtree(ctx.database.db, sessionOf(request).siteId) }),
  });

  app.post('/services/backOffice/account/accountList/getSelectAccountList', {
    preHandler,
    schema: {
      tags: ['account'],
      body: z.object({ withChild: z.boolean().optional() }).optional(),
      response: { 200: ok(z.array(schemas.accountSummary.extend({ label: z.string(), value: z.number().int() }))) },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const tree = await repo.accountSubtree(ctx.database.db, session.siteId);
      // A DEFAULT_ADMIN account also offers the accounts its user manages (docs/decisions.md).
      const list = request.body?.withChild === false ? tree.filter((account) => account.id === session.siteId) : [...tree, ...(await repo.managedAccounts(ctx.database.db, session.userId, tree))];
      return { data: list.map((account) => ({ ...account, label: account.name, value: account.id })) };
    },
  });
}
