import { z } from 'zod';
import { endpoint } from './endpoint';
import { extraInfos, extraInfosQuery, forgotBody, renewBody, signedInUser, signInBody, updatePasswordBody, verifyTokenBody } from './auth.schemas';

const tags = ['auth'];
const sa = '/services/backOffice';
const sb = '/services/backoffice';

/** The user a sign-in or a password change answers, and whether the account still needs its set-up. */
const signedIn = signedInUser.extend({ accountConfigured: z.boolean() });

/**
 * Sign-in, session and password calls (spec §7). The sign-in and the three password-reset calls
 * are public and rate-limited per client address; the third-party sign-in (OIDC) redirects and is
 * declared in server/src/modules/auth/oidc.ts.
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
  forgotPassword: endpoint({
    method: 'POST',
    path: `${sb}/password/forgot`,
    summary: 'Mails a renewal link to the address, if it is an account’s (an unknown address answers alike)',
    tags,
    access: 'public',
    body: forgotBody,
    response: z.object({ sent: z.boolean() }),
    errors: [400, 429],
    writes: true,
    notAudited: 'sends a mail to the address given; changes nothing until the renewal',
    matrix: { own: 200, note: 'an unknown address answers as a known one' },
  }),
  verifyResetToken: endpoint({
    method: 'POST',
    path: `${sb}/password/verifyToken`,
    summary: 'Whether a renewal link’s token is still valid',
    tags,
    access: 'public',
    body: verifyTokenBody,
    response: z.object({ valid: z.boolean() }),
    errors: [400, 429],
    writes: false,
    notAudited: 'reads a token',
    matrix: { own: 400, note: 'a token that does not exist' },
  }),
  renewPassword: endpoint({
    method: 'POST',
    path: `${sb}/password/renew`,
    summary: 'Sets a new password with a renewal link’s token (the token then stops working)',
    tags,
    access: 'public',
    body: renewBody,
    response: z.object({ renewed: z.boolean() }),
    errors: [400, 429],
    writes: true,
    audit: { action: 'account.passwordRenew', target: 'body.idUser' },
    matrix: { own: 400, note: 'a token that does not exist' },
  }),
};
