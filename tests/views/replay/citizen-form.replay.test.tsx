import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { citizenFormMachine } from '../../../src/machines/citizen-form/citizen-form.machine';
import type { LoadedForm } from '../../../src/machines/citizen-form/citizen-form.types';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { clearDraft, writeDraft } from '../../../src/services/interview.api';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { CitizenFormScreen } from '../../../src/views/citizen-form/citizen-alert-form-page';
import { CitizenFormActor } from '../../../src/views/citizen-form/citizen-form-actor';
import { pathModel } from '../../machines/citizen-form.samples';
import { extraInfos, userOf } from '../render-app';
import { need, steps, type Step } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The post-intervention form chart replayed on /alert/citizenAlertForm/70 of a signed-in
 * dispatcher: answers picked and typed, the outcome and its recall date, the note, the technical
 * issues dialog, send, a failed send kept and sent again (by itself as the clock moves on, or on
 * demand), a refused one, and the draft this browser kept, sent again on opening the page.
 */

const button = (key: string) => need(screen.queryAllByRole('button', { name: englishOf(key) }).find((element) => !(element as HTMLButtonElement).disabled), key);

/** Opens a dropdown by its input's id and picks the option with that text. */
const pick = (inputId: string, option: string): Step[] => [
  () => fireEvent.click(need(document.getElementById(inputId), inputId).closest('.p-dropdown')!),
  () => fireEvent.click(need(screen.queryAllByRole('option', { hidden: true }).find((element) => element.textContent?.trim() === option), option)),
];

/** A whole number typed in its field, over what it held. */
const typeNumber = (inputId: string, value: number): Step => async () => {
  const input = need(document.getElementById(inputId), inputId) as HTMLInputElement;
  await userEvent.clear(input);
  await userEvent.type(input, String(value));
};

/** The recall date field is offered for the recall outcomes: a recall is chosen first when none is. */
const withRecallOutcome: Step = () => document.getElementById('interview-recallAt') ?? fireEvent.click(need(document.getElementById('outcome-recall'), 'the recall outcome'));

describeScreenReplay<typeof citizenFormMachine>({
  model: pathModel,
  render: (machine, clock) => {
    writeUser(toStoredUser(userOf({ idGroup: 1 })));
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <MemoryRouter initialEntries={['/alert/citizenAlertForm/70']}>
          <CitizenFormActor.Provider logic={machine} options={{ input: { id: 70 }, clock }}>
            <CitizenFormScreen />
          </CitizenFormActor.Provider>
        </MemoryRouter>
      </AppProviders>,
    );
  },
  endpoints: { loadForm: 'callback.getInterviewForm', submit: 'callback.submitInterview' },
  // The load is the server's form and the draft this browser kept of it: the kept draft is put in
  // the browser's storage as the sample says before the server answers.
  toServer: {
    // A failure without a status is a request that got no response (a status of 4xx is a refusal).
    submit: (outcome) => (outcome !== 'network' && !outcome.ok && !outcome.status ? 'network' : outcome),
    loadForm: (outcome) => {
      if (outcome === 'network') return outcome;
      if (!outcome.ok) return outcome.status ? outcome : 'network';
      const { form, draft } = outcome.data as LoadedForm;
      if (draft) writeDraft(70, draft);
      else clearDraft(70);
      return { ok: true, data: form };
    },
  },
  gestures: {
    'field.change': ({ field, value }) => {
      if (field === 'massageDuration') return steps(...pick('interview-massageDuration', englishOf(`interview.massageDuration.${String(value)}`)));
      // The duration in minutes is asked once "other" is the massage duration.
      if (field === 'massageDurationOther')
        return steps(() => document.getElementById('interview-massageDurationOther') ?? steps(...pick('interview-massageDuration', englishOf('interview.massageDuration.other')))(), typeNumber('interview-massageDurationOther', Number(value)));
      if (field === 'age') return steps(typeNumber('interview-age', Number(value)));
      throw new Error(`the replay has no gesture for the ${field} answer`);
    },
    'outcome.choose': ({ outcome }) => fireEvent.click(need(document.getElementById(`outcome-${outcome}`), `the ${outcome} outcome`)),
    'recall.choose': ({ recallAt }) =>
      steps(withRecallOutcome, () => {
        const input = need(document.getElementById('interview-recallAt'), 'the recall date') as HTMLInputElement;
        // Typed as the calendar shows a day and time (Paris time of the sampled instant).
        const text = recallAt ? new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(recallAt)).replace(',', '') : '';
        fireEvent.input(input, { target: { value: text } });
      }),
    'note.change': ({ note }) => fireEvent.change(screen.getByLabelText(englishOf('interview.field.note')), { target: { value: note } }),
    'issues.open': () => fireEvent.click(button('interview.issues.open')),
    'issues.save': ({ technicalIssues }) =>
      steps(
        ...technicalIssues.kinds.map((kind): Step => () => fireEvent.click(need(document.getElementById(`issue-${kind}`), kind))),
        ...(technicalIssues.phoneOs ? pick('issue-os', englishOf(`interview.phoneOs.${technicalIssues.phoneOs}`)) : []),
        () => fireEvent.click(within(screen.getByTestId('issues-dialog')).getByRole('button', { name: englishOf('interview.issues.save') })),
      ),
    'issues.close': () => fireEvent.click(within(screen.getByTestId('issues-dialog')).getByRole('button', { name: englishOf('interview.issues.cancel') })),
    'form.submit': () => fireEvent.click(button('citizenForm.send')),
    // After a failed load the page's retry; after a failed send the banner's "send again now".
    'form.retry': () => fireEvent.click(screen.queryByRole('button', { name: englishOf('citizenForm.send.retry') }) ?? button('history.retry')),
    'form.reload': () => fireEvent.click(button('citizenForm.reopen')),
  },
});
