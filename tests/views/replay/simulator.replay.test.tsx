import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { simulatorMachine } from '../../../src/machines/simulator/simulator.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { SimulatorScreen } from '../../../src/views/simulator/simulator-page';
import { SimulatorActor } from '../../../src/views/simulator/simulator-actor';
import { pathModel } from '../../machines/simulator.samples';
import { extraInfos, userOf } from '../render-app';
import { need, steps, type Step } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The alert-policy simulator chart replayed on /dashboard/simulator of a signed-in administrator:
 * the period, seed and proposed policy typed, escalation ticked, a run started and followed as the
 * clock moves on until its job is done or failed, a kept run opened, the kept runs read again.
 */

/** A number typed in its field, over what it held. */
const typeNumber = (inputId: string, value: number): Step => async () => {
  const input = need(document.getElementById(inputId), inputId) as HTMLInputElement;
  await userEvent.clear(input);
  await userEvent.type(input, String(value));
};

describeScreenReplay<typeof simulatorMachine>({
  model: pathModel,
  render: (machine, clock) => {
    writeUser(toStoredUser(userOf()));
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <MemoryRouter initialEntries={['/dashboard/simulator']}>
          <SimulatorActor.Provider logic={machine} options={{ clock }}>
            <SimulatorScreen />
          </SimulatorActor.Provider>
        </MemoryRouter>
      </AppProviders>,
    );
  },
  endpoints: { loadRuns: 'simulation.list', startRun: 'simulation.start', loadRun: 'simulation.get' },
  // A failure without a status is a request that got no response.
  toServer: { loadRuns: (outcome) => (outcome !== 'network' && !outcome.ok && !outcome.status ? 'network' : outcome) },
  gestures: {
    'form.change': ({ changes }) =>
      steps(
        () => changes.startDate === undefined || fireEvent.change(screen.getByLabelText(englishOf('simulator.form.start')), { target: { value: changes.startDate } }),
        () => changes.endDate === undefined || fireEvent.change(screen.getByLabelText(englishOf('simulator.form.end')), { target: { value: changes.endDate } }),
        () => (changes.seed === undefined ? undefined : typeNumber('simulation-seed', changes.seed)()),
      ),
    'policy.change': ({ changes }) => steps(...Object.entries(changes).map(([field, value]) => typeNumber(`simulation-${field}`, Number(value)))),
    'escalation.change': ({ changes }) =>
      steps(
        () => changes.enabled === undefined || fireEvent.click(need(document.getElementById('simulation-escalation'), 'the escalation box')),
        ...Object.entries(changes)
          .filter(([field]) => field !== 'enabled')
          .map(([field, value]) => typeNumber(`simulation-escalation-${field}`, Number(value))),
      ),
    'run.start': () => fireEvent.click(screen.getByTestId('run-simulation')),
    'run.open': ({ runId }) => fireEvent.click(need(document.querySelector<HTMLElement>(`[data-run-id="${runId}"] button`), `run #${runId} in the list`)),
    'runs.refresh': () => fireEvent.click(screen.getByRole('button', { name: englishOf('simulator.runs.refresh') })),
  },
});
