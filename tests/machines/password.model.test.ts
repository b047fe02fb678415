import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { renewPasswordMachine } from '../../src/machines/renew-password/renew-password.machine';
import { renewPasswordActors } from '../../src/machines/renew-password/renew-password.actors';
import type { RenewOutcome } from '../../src/machines/renew-password/renew-password.types';
import { describePathModel } from './kit';
import { pathModel as forgotModel } from './forgot-password.samples';
import { pathModel as renewModel } from './renew-password.samples';

describePathModel(forgotModel);
describePathModel(renewModel);

describe('password renewal link', () => {
  it('is refused without a call when the token or the user id is missing', async () => {
    let calls = 0;
    const machine = renewPasswordMachine.provide({
      actors: {
        verifyLink: renewPasswordActors.verifyLink,
        renew: fromPromise(async (): Promise<RenewOutcome> => {
          calls += 1;
          return { ok: true, data: null };
        }),
      },
    });
    const actor = createActor(machine, { input: { token: null, idUser: 2, baseUrl: 'http://localhost:3000' } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('invalidLink'));
    expect(actor.getSnapshot().context.errorKey).toBe('error.auth.token-not-found');
    expect(calls).toBe(0);
  });
});
