import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { responderValidationMachine } from '../../src/machines/responder-validation/responder-validation.machine';
import { ValidationActor } from '../../src/views/validation/validation-actor';
import { ValidationConfirm } from '../../src/views/validation/validation-confirm';
import { patched, validationPage } from '../machines/validation.fixtures';

/** The refusal asks why before it is sent: a reason, and a note when the reason is "Other". */

let actor: ActorRefFrom<typeof responderValidationMachine> | null = null;
function Capture() {
  const ref = ValidationActor.useActorRef();
  useEffect(() => {
    actor = ref;
  }, [ref]);
  return null;
}

afterEach(() => {
  cleanup();
  actor = null;
});

describe('refusing a responder', () => {
  it('keeps the refusal closed until a reason is chosen (and a note written for "Other"), then sends both', async () => {
    const patches: unknown[] = [];
    const logic = responderValidationMachine.provide({
      actors: {
        loadPage: fromPromise(async () => validationPage([812])),
        patch: fromPromise(async ({ input }) => (patches.push(input), patched('refused', [812]))),
      } as never,
    });
    render(
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <ValidationActor.Provider logic={logic} options={{ input: { lang: 'en' } }}>
          <Capture />
          <ValidationConfirm />
        </ValidationActor.Provider>
      </IntlProvider>,
    );
    await waitFor(() => expect(actor?.getSnapshot().matches({ list: 'ready' })).toBe(true));
    actor!.send({ type: 'validation.ask', request: { status: 'refused', ids: [812] } });
    const confirm = (await screen.findByTestId('validation-confirm')) as HTMLButtonElement;
    expect(screen.getByText('Reason (the responder is told, by mail and push)')).toBeTruthy();
    expect(confirm.disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Other'));
    await waitFor(() => expect((screen.getByLabelText('Other') as HTMLInputElement).checked).toBe(true));
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Note to the responder'), { target: { value: 'Please send a sharper photo.' } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(patches).toEqual([{ status: 'refused', ids: [812], reason: 'other', note: 'Please send a sharper photo.' }]));
  }, 20_000);
});
