import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import type { addressSearchMachine } from '../../../src/machines/alert/address-search.machine';
import { alertMachine } from '../../../src/machines/alert/alert.machine';
import { canPlace } from '../../../src/machines/alert/alert.selectors';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { AppProviders } from '../../../src/views/app/app-providers';
import { AlertActor } from '../../../src/views/alert/alert-actor';
import { AddressSection } from '../../../src/views/alert/parts/address-section';
import { dispatcherId, options, setUpSample } from '../../machines/alert.fixtures';
import { pathModel } from '../../machines/alert-address-search.samples';
import { extraInfos } from '../render-app';
import { need, steps } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The address suggestions replayed under the alert's address field, the alert being set up at an
 * address already (the field shows it, as when a dispatcher comes back to the address): typing
 * asks the geocoder after the pause, Enter (the locate button) sets the alert up at the text and
 * clears the suggestions. The alert's own calls have standing answers.
 */

/** Sets the alert up at an address once it can be placed (its options loaded). */
function PlacedAlready() {
  const alert = AlertActor.useActorRef();
  const mayPlace = AlertActor.useSelector(canPlace);
  const placed = useRef(false);
  useEffect(() => {
    if (!mayPlace || placed.current) return;
    placed.current = true;
    alert.send({ type: 'address.submit', address: setUpSample('ready').alert!.address });
  }, [alert, mayPlace]);
  return null;
}

const field = () => screen.getByRole('combobox', { name: englishOf('alert.address.label') });

describeScreenReplay<typeof addressSearchMachine>({
  model: pathModel,
  render: (machine, clock) => {
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <MemoryRouter initialEntries={['/alert/call']}>
          <AlertActor.Provider logic={alertMachine.provide({ actors: { listenRefresh: fromCallback(() => undefined) } })} options={{ input: { userId: dispatcherId } }}>
            <PlacedAlready />
            <AddressSection searchLogic={machine} searchClock={clock} />
          </AlertActor.Provider>
        </MemoryRouter>
      </AppProviders>,
    );
  },
  standing: { 'alert.options': { ok: true, data: options }, 'alert.setUp': { ok: true, data: setUpSample('ready') } },
  endpoints: { suggest: 'geo.geoCoding' },
  gestures: {
    'query.change': ({ text }) => fireEvent.change(field(), { target: { value: text } }),
    // Enter in the field, once the locate button is on (the alert set up, the field not empty).
    'query.clear': () =>
      steps(() => fireEvent.click(need(screen.queryAllByTestId('locate-address').find((button) => !(button as HTMLButtonElement).disabled), 'the locate button'))),
  },
});
