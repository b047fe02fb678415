import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AnyActor, AnyStateMachine } from 'xstate';
import { fromPromise } from 'xstate';
import type { responderValidationMachine } from '../../../src/machines/responder-validation/responder-validation.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { inspection } from '../../../src/services/inspection';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { ResponderValidationScreen } from '../../../src/views/citizen/responder-validation-page';
import { ValidationActor } from '../../../src/views/validation/validation-actor';
import { validationPage } from '../../machines/validation.fixtures';
import { pathModel } from '../../machines/validation.samples';
import { extraInfos, userOf } from '../render-app';
import { currentApi } from './current-api';
import type { FakeAnswer } from './fake-api';
import { need, steps } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The responder validation chart replayed on its screen: pages, reload and retry, a row ticked,
 * validate on a row and refuse all, each through its confirmation (a refusal's reason picked, a
 * note typed), cancel, and the diploma opened and closed, with every answer of the server.
 */

/** The page's actor: for the two events its screen offers no way to make (see the gestures). */
const validationActor = () => inspection.liveRefs().find((ref: AnyActor) => (ref.logic as AnyStateMachine).id === 'responderValidation')!;

const row = (id: number) => need(document.querySelector<HTMLElement>(`[data-testid="responder-row"][data-id="${id}"]`), `the row of ${id}`).closest('tr')!;
const dialog = () => need(document.querySelector<HTMLElement>('[data-testid="validation-dialog"]'), 'the confirmation');

/** The rows are offered once a page is listed: a person acts after that answer (the first page of the samples). */
const listed = (id: number) => () => document.querySelector(`[data-testid="responder-row"][data-id="${id}"]`) || void currentApi().answer('validation.getDataValidationResponder', validationPage([id], 21));

describeScreenReplay<typeof responderValidationMachine>({
  model: pathModel,
  render: (machine, clock) => {
    writeUser(toStoredUser(userOf()));
    URL.createObjectURL = () => 'blob:vigil.test/diploma';
    URL.revokeObjectURL = () => undefined;
    const router = createMemoryRouter(
      [
        {
          path: '/citizen/validation',
          element: (
            <ValidationActor.Provider logic={machine} options={{ input: { lang: 'en' }, clock }}>
              <ResponderValidationScreen />
            </ValidationActor.Provider>
          ),
        },
      ],
      { initialEntries: ['/citizen/validation'] },
    );
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  endpoints: { loadPage: 'validation.getDataValidationResponder', patch: 'validation.patchDataValidationResponder', loadDiploma: 'validation.getDiploma' },
  // The diploma is a file the server sends as itself.
  toServer: { loadDiploma: (outcome): FakeAnswer => (outcome !== 'network' && outcome.ok ? { ok: true, data: new Blob(['diploma'], { type: (outcome.data as { type: string }).type }) } : outcome) },
  gestures: {
    'page.change': ({ page }) => fireEvent.click(need([...document.querySelectorAll<HTMLElement>('.p-paginator-page')].find((link) => link.textContent?.trim() === String(page + 1)), `page ${page + 1}`)),
    'list.reload': () => fireEvent.click(screen.queryByRole('button', { name: englishOf('notification.common.retry') }) ?? screen.getByRole('button', { name: englishOf('notification.list.refresh') })),
    'selection.change': ({ ids }) => {
      for (const id of ids) fireEvent.click(within(row(id)).getAllByRole('checkbox')[0]!);
    },
    // One on its row, all from the toolbar. Naming nobody cannot be asked on this screen (a row
    // names its responder, the selection's buttons show once one is ticked): sent to the actor.
    'validation.ask': (event) => {
      const { request } = event;
      if (request.all) return fireEvent.click(screen.getByRole('button', { name: englishOf(request.status === 'refused' ? 'validation.refuse.all' : 'validation.activate.all') }));
      if (!request.ids?.length) return void validationActor().send(event);
      fireEvent.click(within(row(request.ids[0]!)).getByRole('button', { name: englishOf(request.status === 'refused' ? 'validation.refuse.action' : 'validation.activate.action') }));
    },
    // A refusal picks its reason and types its note first; a confirmation the chart refuses leaves the button disabled.
    'validation.confirm': ({ refusal }) =>
      steps(
        () => refusal && fireEvent.click(need(document.getElementById(`refusal-${refusal.reason}`), 'the reason')),
        () => refusal?.note !== undefined && fireEvent.change(need(document.getElementById('refusal-note'), 'the note'), { target: { value: refusal.note } }),
        () => fireEvent.click(within(dialog()).getByTestId('validation-confirm')),
      ),
    'validation.cancel': () => fireEvent.click(within(dialog()).getByRole('button', { name: englishOf('notification.common.cancel') })),
    // Opened from its row once the page is listed. With the viewer open its modal covers the
    // table: opening again (the chart's restart) is not offered on screen and goes to the actor.
    'diploma.open': (event) =>
      document.querySelector('[data-testid="diploma-viewer"]')
        ? void validationActor().send(event)
        : steps(listed(event.id), () => fireEvent.click(within(row(event.id)).getByTestId('diploma-open'))),
    'diploma.close': () => fireEvent.click(need(document.querySelector<HTMLElement>('[data-testid="diploma-viewer"] .p-dialog-header-close'), 'the close button')),
  },
});
