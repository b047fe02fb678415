import { z } from 'zod';
import { accountSummary, signedInUser, switchQuery, thirdAccess } from './auth.schemas';
import { endpoint } from './endpoint';

const base = '/services/backOffice/account';
const tags = ['account'];
const errors = [400, 401, 403] as const;

/** Third-party access and account lists (spec §7), capability account.read. */
export const accountEndpoints = {
  thirdAccess: endpoint({
    method: 'GET',
    path: `${base}/thirdAccess`,
    summary: 'The accounts the user may switch to, and the one the session is on',
    tags,
    access: 'account.read',
    response: thirdAccess,
    errors,
    writes: false,
    matrix: { own: 200 },
  }),
  switchAccount: endpoint({
    method: 'GET',
    path: `${base}/thirdAccess/switch`,
    summary: 'A new session (new token) on another account the user has third-party access to',
    tags,
    access: 'account.read',
    query: switchQuery,
    response: signedInUser.extend({ accountConfigured: z.boolean() }),
    errors,
    writes: false,
    audit: { action: 'account.switch', target: 'query.idAccount' },
    matrix: { own: 200, other: 403, note: "own: the caller's own account; other: an account with no access" },
  }),
  getAccountList: endpoint({
    method: 'GET',
    path: `${base}/accountList/getAccountList`,
    summary: 'The session’s account and its descendants',
    tags,
    access: 'account.read',
    response: z.array(accountSummary),
    errors,
    writes: false,
    matrix: { own: 200 },
  }),
  getSelectAccountList: endpoint({
    method: 'POST',
    path: `${base}/accountList/getSelectAccountList`,
    summary: 'The account tree shaped for a select; withChild false keeps the session’s account only',
    tags,
    access: 'account.read',
    body: z.object({ withChild: z.boolean().optional() }).optional(),
    response: z.array(accountSummary.extend({ label: z.string(), value: z.number().int() })),
    errors,
    writes: false,
    notAudited: 'a read sent as POST',
    matrix: { own: 200 },
  }),
};
