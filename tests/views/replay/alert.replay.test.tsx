import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import type { alertMachine } from '../../../src/machines/alert/alert.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import { AppProviders } from '../../../src/views/app/app-providers';
import { AlertActor } from '../../../src/views/alert/alert-actor';
import { AlertCallScreen } from '../../../src/views/alert/alert-call-page';
import { dispatcherId } from '../../machines/alert.fixtures';
import { pathModel } from '../../machines/alert.samples';
import { extraInfos } from '../render-app';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';
import type { FakeAnswer } from './fake-api';

/**
 * The alert chart replayed on the alert screen (/alert/call without its address sync). The alert
 * and its responders are two calls; a refresh announced over the socket (`alerts.refresh`) is sent
 * to the screen's actor as the socket would.
 */

let send: ((event: never) => void) | undefined;
function Probe() {
  send = AlertActor.useActorRef().send as never;
  return null;
}

/** fetchLive is the alert and its responders, asked together; the first failure wins. */
function liveFromServer(outcome: FakeAnswer): Array<[string, FakeAnswer]> {
  if (outcome === 'network' || !outcome.ok) return [['alert.get', outcome], ['alert.respondersOnCall', outcome === 'network' ? 'network' : { ok: true, data: [] }]];
  const { alert, responders } = outcome.data as { alert: unknown; responders: unknown };
  return [['alert.get', { ok: true, data: alert }], ['alert.respondersOnCall', { ok: true, data: responders }]];
}

describeScreenReplay<typeof alertMachine>({
  model: pathModel,
  render: (machine, clock) => {
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <MemoryRouter initialEntries={['/alert/call']}>
          <AlertActor.Provider logic={machine} options={{ input: { userId: dispatcherId }, clock }}>
            <Probe />
            <AlertCallScreen />
          </AlertActor.Provider>
        </MemoryRouter>
      </AppProviders>,
    );
    return { send: (event) => send?.(event as never) };
  },
  provide: { actors: { listenRefresh: fromCallback(() => undefined) } } as never,
  endpoints: { loadOptions: 'alert.options', setUp: 'alert.setUp', launch: 'alert.launch', moveAlert: 'alert.updateAddress', closeAlert: 'alert.close' },
  toServer: { fetchLive: liveFromServer },
  gestures: {
    'alert.launch': () => fireEvent.click(screen.getByTestId('launch-alert')),
    'alert.requestClose': () => fireEvent.click(screen.getByTestId('end-intervention')),
    'alert.confirmClose': () => fireEvent.click(screen.getByTestId('confirm-end')),
    'alert.replace': () => fireEvent.click(screen.getByTestId('replace-intervention')),
    'alert.reload': () => fireEvent.click(screen.getByTestId('reload-closed')),
    'options.retry': () => fireEvent.click(screen.getByRole('button', { name: englishOf('alert.options.retry') })),
  },
});
