import { z } from 'zod';
import { endpoint } from './endpoint';
import { extraInfos, extraInfosQuery, signedInUser, signInBody, updatePasswordBody } from './auth.schemas';

const tags = ['auth'];
const sa = '/services/backOffice';
const sb = '/services/backoffice';

/** The user a sign-in or a password change answers, and whether the account still needs its set-up. */
const signedIn = signedInUser.extend({ accountConfigured: z.boolean() });

/**
 * Sign-in and session calls (spec §7). The sign-in is public and rate-limited per client address;
 * the password reset by mail has its own table (password.endpoints.ts), off the sign-in screen's
 * load; the third-party sign-in (OIDC) redirects and is declared in server/src/modules/auth/oidc.ts.
 */
export const authEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: `${sa}/signin/`,
    summary: 'Signs in with a login and password; answers the user and the session token',
    tags,
    access: 'public',
    body: signInBody,
    response: signedIn,
    errors: [400, 401, 403, 429],
    writes: true,
    notAudited: 'the sign-in writes its own rows, success and failure alike (authActions)',
    matrix: { own: 401, note: 'a wrong password: the same answer for everyone' },
  }),
  getExtraInfos: endpoint({
    method: 'GET',
    path: `${sa}/signin/getExtraInfos`,
    summary: 'What the sign-in page and the app read before anyone signs in: third-party sign-in, basemap, adapters, WebSocket path',
    tags,
    access: 'public',
    query: extraInfosQuery,
    response: extraInfos,
    errors: [400],
    writes: false,
    matrix: { own: 200 },
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: `${sb}/user/updtPwd`,
    summary: 'Changes the caller’s password (the current one is asked unless the password must be changed)',
    tags,
    access: 'signedIn',
    body: updatePasswordBody,
    response: signedIn,
    errors: [400, 401, 403],
    writes: true,
    audit: { action: 'account.password' },
    matrix: { own: 200, note: 'the same password again, with the current one (the test signs in anew afterwards)' },
  }),
  logout: endpoint({
    method: 'POST',
    path: `${sb}/user/logout`,
    summary: 'Ends this session token at once, on every instance, and closes its WebSocket',
    tags,
    access: 'signedIn',
    response: z.object({ loggedOut: z.boolean() }),
    errors: [401],
    writes: true,
    audit: { action: 'account.logout' },
    matrix: { own: 200, note: 'ends the session token (the test signs in anew afterwards)' },
  }),
};
