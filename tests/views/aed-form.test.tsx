import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AedDetail } from '../../contract/aed.schemas';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { aedFormMachine } from '../../src/machines/aed-form/aed-form.machine';
import type { AedAction, AedDraft } from '../../src/machines/aed-form/aed-form.types';
import { AedFormActor } from '../../src/views/aed/aed-form-actor';
import { AvailabilityDialog } from '../../src/views/aed/parts/availability-dialog';
import { FormBadges } from '../../src/views/aed/parts/form-badges';
import { HoursSection } from '../../src/views/aed/parts/hours-section';
import { PicturesSection } from '../../src/views/aed/parts/pictures-section';
import { aedDetail } from '../machines/aed-form.fixtures';

/**
 * The AED form's sections render what the form machine says and send what the user does: hours
 * that break §5 show their error on the range and nothing is saved; the availability popup offers
 * what the chart allows; a file that is not an image is refused before any upload.
 */

function stubbed(aed: AedDetail, calls: Array<{ src: string; input: unknown }>) {
  const record = <T,>(src: string, answer: (input: unknown) => T) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push({ src, input });
      return answer(input) as never;
    });
  return aedFormMachine.provide({
    actors: {
      load: record('load', () => ({ ok: true, data: { aed, options: null, countries: [], duplicates: [] } })),
      save: record('save', (input) => ({ ok: true, data: { ...aed, ...((input as { draft: AedDraft }).draft as Partial<AedDetail>) } })),
      act: record('act', (input) => {
        const action = (input as { action: AedAction }).action;
        return { ok: true, data: action.kind === 'availability' ? { ...aed, status: action.change.status, unavailableReason: action.change.reason ?? null } : aed };
      }),
    } as never,
  });
}

function renderForm(aed: AedDetail, calls: Array<{ src: string; input: unknown }>, children: ReactNode) {
  return render(
    <IntlProvider userLocale="en_US" directionSetting="ltr">
      <AedFormActor.Provider logic={stubbed(aed, calls)} options={{ input: { udid: aed.udid, lang: 'en' } }}>
        <SaveButton />
        {children}
      </AedFormActor.Provider>
    </IntlProvider>,
  );
}

function SaveButton() {
  const form = AedFormActor.useActorRef();
  return (
    <button type="button" onClick={() => form.send({ type: 'form.save' })}>
      save
    </button>
  );
}

afterEach(() => cleanup());

describe('AED form sections', () => {
  it('shows the §5 error on the range that closes before it opens, and sends nothing', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    renderForm(aedDetail(), calls, <HoursSection />);
    const open = await screen.findByTestId('hours-1-0-open');
    fireEvent.change(open, { target: { value: '18:00' } });
    fireEvent.change(screen.getByTestId('hours-1-0-close'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByText('save'));
    const monday = document.querySelector('[data-weekday="1"]') as HTMLElement;
    await waitFor(() => expect(within(monday).getByRole('alert').textContent).toBe('The opening time must be before the closing time.'));
    expect(calls.some((call) => call.src === 'save')).toBe(false);
    // Fixed, it saves.
    fireEvent.change(screen.getByTestId('hours-1-0-close'), { target: { value: '19:00' } });
    expect(within(monday).queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(calls.find((call) => call.src === 'save')?.input).toMatchObject({ draft: { openingHours: { '1': [{ open: '18:00', close: '19:00' }, { open: '13:30', close: '17:30' }] } } }));
  });

  it('offers only the availability changes the chart allows and sends the one chosen', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    renderForm(aedDetail({ status: 'inMaintenance' }), calls, <AvailabilityDialog visible onClose={() => undefined} />);
    const dialog = await screen.findByTestId('availability-dialog');
    const choices = within(dialog).getAllByRole('radio').map((radio) => radio.id);
    expect(choices).toEqual(['availability-available', 'availability-unavailable']);
    fireEvent.click(within(dialog).getByLabelText('Available again'));
    fireEvent.click(screen.getByTestId('availability-apply'));
    await waitFor(() => expect(calls.find((call) => call.src === 'act')?.input).toMatchObject({ action: { kind: 'availability', change: { status: 'available' } } }));
  });

  it('asks a reason for unavailable and sends it with the change', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    renderForm(aedDetail({ status: 'inMaintenance' }), calls, <AvailabilityDialog visible onClose={() => undefined} />);
    const dialog = await screen.findByTestId('availability-dialog');
    fireEvent.click(within(dialog).getByLabelText('Unavailable'));
    fireEvent.click(dialog.querySelector('#availability-reason')!.closest('.p-dropdown')!);
    // The list opens over the page, outside the modal dialog that hides the rest from assistive queries.
    fireEvent.click(await screen.findByRole('option', { name: 'Temporarily unavailable', hidden: true }));
    fireEvent.click(screen.getByTestId('availability-apply'));
    await waitFor(() => expect(calls.find((call) => call.src === 'act')?.input).toMatchObject({ action: { kind: 'availability', change: { status: 'unavailable', reason: 'temporarilyUnavailable' } } }));
  });

  it('refuses a file that is not an image before any upload', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    renderForm(aedDetail({ pictures: [] }), calls, <PicturesSection />);
    const input = (await screen.findByTestId('picture-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.jpg', { type: 'text/plain' })] } });
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'cabinet.png', { type: 'image/png' })] } });
    // The form takes its events in order: once the image is sent, the text file would have been sent before it.
    const uploads = () => calls.filter((call) => call.src === 'act').map((call) => (call.input as { action: AedAction & { kind: 'pictureAdd' } }).action.files.map((file) => file.name));
    await waitFor(() => expect(uploads().length).toBeGreaterThan(0));
    expect(uploads()).toEqual([['cabinet.png']]);
  });

  it('shows the GeoDAE readiness beside the name, with the mandatory columns the AED lacks spelled out', async () => {
    renderForm(aedDetail({ geoDaeMissing: ['num_serie', 'expt_siren'] }), [], <FormBadges />);
    const badge = await screen.findByTestId('geodae-readiness');
    expect(badge.dataset.ready).toBe('false');
    expect(screen.getByTestId('geodae-missing').textContent).toBe("Not ready for GeoDAE, missing: serial number, operator's SIREN");
    cleanup();
    renderForm(aedDetail({ geoDaeMissing: [] }), [], <FormBadges />);
    expect((await screen.findByTestId('geodae-readiness')).dataset.ready).toBe('true');
    expect(screen.getByTestId('geodae-readiness').getAttribute('title')).toBe('Ready for the GeoDAE declaration');
    expect(screen.queryByTestId('geodae-missing')).toBeNull();
  });
});
