import { renewPasswordMachine } from '../../src/machines/renew-password/renew-password.machine';
import { definePathModel, type EventSamples } from './kit';

/** Model of the password renewal from a mailed link for `npm run test:paths` and tests/machines/password.model.test.ts. */
export const pathModel = definePathModel({
  machine: renewPasswordMachine,
  input: { token: 'a6f4e3b7', idUser: 2, idSite: 1, baseUrl: 'http://localhost:3000' },
  events: { 'renew.submit': [{ type: 'renew.submit', password: 'Renewed-Passw0rd-2026' }] } satisfies EventSamples<typeof renewPasswordMachine>,
  actors: {
    verifyLink: { done: [{ ok: true, data: { valid: true } }, { ok: false, key: 'error.auth.token-not-found' }], error: [new Error('boom')] },
    renew: {
      done: [{ ok: true, data: { renewed: true } }, { ok: false, key: 'error.auth.token-not-found' }, { ok: false, key: 'error.auth.password-rules' }],
      error: [new Error('boom')],
    },
  },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, status: snapshot.status, errorKey: (snapshot.context as { errorKey: string | null }).errorKey }),
});
