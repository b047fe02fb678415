import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import type { ongoingAlertsMachine } from '../../../src/machines/ongoing-alerts/ongoing-alerts.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { OngoingAlertsBanner } from '../../../src/views/alert/ongoing-alerts-banner';
import { pathModel } from '../../machines/alert-ongoing.samples';
import { extraInfos, userOf } from '../render-app';
import { describeScreenReplay } from './screen-replay';

/**
 * The ongoing interventions chart replayed on the banner above every screen of a signed-in
 * dispatcher (group 1): the live list asked at start, on each REFRESH_ALERTS of the socket and on
 * the slow poll. The socket is the one thing faked besides HTTP: its announcement reaches the
 * banner's listener as the real one would pass it on.
 */

/** The banner's listener of REFRESH_ALERTS, as the socket calls it. */
let announce: (() => void) | undefined;

describeScreenReplay<typeof ongoingAlertsMachine>({
  model: pathModel,
  render: (machine, clock) => {
    writeUser(toStoredUser(userOf({ idGroup: 1 })));
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <OngoingAlertsBanner logic={machine} clock={clock} />
        </MemoryRouter>
      </AppProviders>,
    );
  },
  provide: {
    actors: {
      listenRefresh: fromCallback<{ type: 'ongoing.refresh' }>(({ sendBack }) => {
        announce = () => sendBack({ type: 'ongoing.refresh' });
        return () => (announce = undefined);
      }),
    },
  } as never,
  endpoints: { listLive: 'alert.list' },
  gestures: {
    // The server announces REFRESH_ALERTS over the socket (an alert launched, closed, answered...).
    'ongoing.refresh': () => {
      if (!announce) throw new Error('the banner does not listen to REFRESH_ALERTS');
      announce();
    },
  },
});
