import { forgotPasswordMachine } from '../../src/machines/forgot-password/forgot-password.machine';
import { definePathModel, type EventSamples } from './kit';

/** Model of the forgot-password flow for `npm run test:paths` and tests/machines/password.model.test.ts. */
export const pathModel = definePathModel({
  machine: forgotPasswordMachine,
  input: { baseUrl: 'http://localhost:3000', idSite: 1 },
  events: { 'forgot.submit': [{ type: 'forgot.submit', email: 'referent@vigil.test' }], 'forgot.restart': [{ type: 'forgot.restart' }] } satisfies EventSamples<
    typeof forgotPasswordMachine
  >,
  actors: { sendResetMail: { done: [{ ok: true, data: { sent: true } }, { ok: false, key: 'error.too-many-requests' }], error: [new Error('boom')] } },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, errorKey: (snapshot.context as { errorKey: string | null }).errorKey }),
});
