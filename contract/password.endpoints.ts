import { z } from 'zod';
import { forgotBody, renewBody, verifyTokenBody } from './auth.schemas';
import { endpoint } from './endpoint';

const tags = ['auth'];
const sb = '/services/backoffice';

/**
 * The password reset by mail (spec §7): a link is mailed, its token checked, the new password set.
 * Public calls, rate-limited per client address like the sign-in.
 */
export const passwordEndpoints = {
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
