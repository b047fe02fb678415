import { z } from 'zod';
import { endpoint } from './endpoint';

const tags = ['auth'];

/**
 * Session calls declared once (spec §7). The sign-in and password calls are still declared in
 * server/src/modules/auth/routes.ts with `typed(app)`.
 */
export const authEndpoints = {
  logout: endpoint({
    method: 'POST',
    path: '/services/backoffice/user/logout',
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
