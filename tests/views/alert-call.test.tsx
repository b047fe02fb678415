import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { alertMachine } from '../../src/machines/alert/alert.machine';
import { phaseOf } from '../../src/machines/alert/alert.selectors';
import { AlertActor } from '../../src/views/alert/alert-actor';
import { AddressSection } from '../../src/views/alert/parts/address-section';
import { AlertDialogs } from '../../src/views/alert/parts/alert-dialogs';
import { AlertStatusBar } from '../../src/views/alert/parts/alert-status-bar';
import { ClosedPanel } from '../../src/views/alert/parts/closed-panel';
import { LivePanel } from '../../src/views/alert/parts/live-panel';
import { SetupPanel } from '../../src/views/alert/parts/setup-panel';
import { alertSample, options, respondersAfterStop, respondersOnCall, responderSample, setUpSample } from '../machines/alert.fixtures';

/**
 * The alert screen's panels render what the machine says and send what the dispatcher does: the
 * launch waits for a precise place, stop and start follow the responder chart, the end asks first.
 */

const ok = <T,>(data: T) => ({ ok: true as const, data });

function stubbedMachine(calls: Array<{ src: string; input: unknown }>, setUpAnswers = [ok(setUpSample('imprecise')), ok(setUpSample('ready'))], live = alertSample('live')) {
  const record = <T,>(src: string, answer: (input: unknown) => T) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push({ src, input });
      return answer(input) as never;
    });
  // The server's alert: a details save changes what the next fetch answers.
  let current = live;
  return alertMachine.provide({
    actors: {
      loadOptions: record('loadOptions', () => ok(options)),
      setUp: record('setUp', () => (setUpAnswers.length > 1 ? setUpAnswers.shift()! : setUpAnswers[0]!)),
      launch: record('launch', () => ok(alertSample('live'))),
      fetchLive: record('fetchLive', () => ok({ alert: current, responders: respondersOnCall })),
      changeResponder: record('changeResponder', () => ok(respondersAfterStop)),
      moveAlert: record('moveAlert', (input) => ok((current = { ...current, addressInfo: (input as { addressInfo: string }).addressInfo }))),
      closeAlert: record('closeAlert', () => ok(alertSample('closedByMe', { addressInfo: current.addressInfo }))),
      listenRefresh: fromCallback(() => undefined),
    } as never,
  });
}

let actor: ActorRefFrom<typeof alertMachine> | null = null;
function Capture() {
  const ref = AlertActor.useActorRef();
  useEffect(() => {
    actor = ref;
  }, [ref]);
  return null;
}

function renderPanels(logic: typeof alertMachine, children: ReactNode) {
  return render(
    <IntlProvider userLocale="en_US" directionSetting="ltr">
      <AlertActor.Provider logic={logic} options={{ input: { userId: 5 } }}>
        <Capture />
        {children}
      </AlertActor.Provider>
    </IntlProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  actor = null;
});

describe('alert call panels', () => {
  it('keeps the launch closed until the pin is placed precisely, then launches with the chosen type and details', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    Object.defineProperty(navigator, 'clipboard', { value: { readText: async () => '45.7772, 3.0870' }, configurable: true });
    renderPanels(
      stubbedMachine(calls),
      <>
        <AddressSection />
        <SetupPanel />
      </>,
    );
    const launch = await screen.findByTestId('launch-alert');
    expect((launch as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('responder-preview').textContent).toContain('Place the victim');

    fireEvent.change(screen.getByRole('combobox', { name: 'Address of the victim' }), { target: { value: 'Clermont-Ferrand' } });
    fireEvent.click(screen.getByTestId('locate-address'));
    await waitFor(() => expect(screen.getByTestId('address-message').textContent).toContain('move the pin'));
    expect((launch as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((call) => call.src === 'setUp')?.input).toMatchObject({ address: 'Clermont-Ferrand' });

    fireEvent.click(screen.getByTestId('paste-coordinates'));
    await waitFor(() => expect((launch as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('address-message')).toBeNull();
    expect(screen.getByTestId('responder-preview').textContent).toContain('8');

    fireEvent.click(screen.getByTestId('alert-type-7'));
    expect(screen.getByTestId('alert-type-7').getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByLabelText(/Details/), { target: { value: 'Door code 1234' } });
    fireEvent.click(launch);
    await waitFor(() => expect(calls.some((call) => call.src === 'launch')).toBe(true));
    expect(calls.find((call) => call.src === 'launch')?.input).toMatchObject({ alertType: 7, addressInfo: 'Door code 1234', lat: 45.7772, lon: 3.087, alertId: 42 });
  }, 20_000);

  it('offers stop and start as the responder chart allows, and asks before ending the intervention', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    renderPanels(
      stubbedMachine(calls),
      <>
        <LivePanel />
        <AlertDialogs />
      </>,
    );
    await waitFor(() => expect(actor).not.toBeNull());
    actor!.send({ type: 'alert.resume', alertId: 42 });
    const rows = await screen.findAllByTestId('responder-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['onTheWayVictim', 'stopped']);
    expect(within(rows[0]!).getByText('On the way to the victim')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('start-responder')).toBeNull();
    expect(within(rows[1]!).queryByTestId('stop-responder')).toBeNull();
    expect(within(rows[1]!).getByTestId('start-responder')).toBeTruthy();
    expect(screen.getByTestId('responder-summary').textContent).toContain('1Coming');

    fireEvent.click(within(rows[0]!).getByTestId('stop-responder'));
    await waitFor(() => expect(calls.filter((call) => call.src === 'changeResponder').map((call) => call.input)).toEqual([{ action: 'stop', alertId: 42, id: 11 }]));

    fireEvent.click(screen.getByTestId('end-intervention'));
    const confirm = await screen.findByTestId('confirm-end');
    expect(calls.some((call) => call.src === 'closeAlert')).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.filter((call) => call.src === 'closeAlert').map((call) => call.input)).toEqual([{ alertId: 42 }]));
  }, 20_000);
});

/** The live or the closed panel, as the page chooses them. */
function PhasePanels() {
  const phase = AlertActor.useSelector(phaseOf);
  return phase === 'closed' || phase === 'closedElsewhere' ? <ClosedPanel /> : <LivePanel />;
}

describe('details and closes on the live screen', () => {
  it('shows the details typed before launch, edits them while live, shows them after the close', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    const live = alertSample('live', { addressInfo: '5th floor' });
    renderPanels(
      stubbedMachine(calls, undefined, live),
      <>
        <PhasePanels />
        <AlertDialogs />
      </>,
    );
    await waitFor(() => expect(actor).not.toBeNull());
    actor!.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(() => expect(screen.getByTestId('alert-details-text').textContent).toBe('5th floor'));

    fireEvent.click(screen.getByTestId('edit-details'));
    fireEvent.change(screen.getByTestId('alert-details-input'), { target: { value: '5th floor, code 9876' } });
    fireEvent.click(screen.getByTestId('save-details'));
    await waitFor(() => expect(screen.getByTestId('alert-details-text').textContent).toBe('5th floor, code 9876'));
    expect(calls.filter((call) => call.src === 'moveAlert').map((call) => call.input)).toEqual([{ alertId: 42, place: { address: live.address, lat: live.lat, lon: live.lon }, addressInfo: '5th floor, code 9876' }]);

    fireEvent.click(screen.getByTestId('end-intervention'));
    fireEvent.click(await screen.findByTestId('confirm-end'));
    await screen.findByTestId('closed-message');
    expect(screen.getByTestId('alert-details-text').textContent).toBe('5th floor, code 9876');
    expect(screen.queryByTestId('edit-details')).toBeNull();
  }, 20_000);

  it('an auto-close asks to reload, naming the configured delay, as a close by another does', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    // Launched at 10:01, closed by the system at 10:16: a 15-minute delay.
    const closed = alertSample('closedBySystem', { date: '2026-03-01T10:01:00.000Z', autoCloseAt: '2026-03-01T10:16:00.000Z', closedAt: '2026-03-01T10:16:00.000Z' });
    const logic = stubbedMachine(calls, undefined, alertSample('live', { date: '2026-03-01T10:01:00.000Z', autoCloseAt: new Date(Date.now() + 900_000).toISOString() }));
    let answers = 0;
    renderPanels(
      logic.provide({ actors: { fetchLive: fromPromise(async () => ok({ alert: answers++ === 0 ? alertSample('live', { autoCloseAt: new Date(Date.now() + 900_000).toISOString(), date: new Date(Date.now() - 60_000).toISOString() }) : closed, responders: respondersOnCall })) } as never }),
      <>
        <AlertStatusBar />
        <ClosedPanel />
        <AlertDialogs />
      </>,
    );
    await waitFor(() => expect(actor).not.toBeNull());
    actor!.send({ type: 'alert.resume', alertId: 42 });
    await waitFor(() => expect(screen.getByTestId('auto-close-clock').textContent).toContain('Auto-close (16 min) in'));
    actor!.send({ type: 'alerts.refresh' });
    const dialog = await screen.findByTestId('closed-elsewhere-dialog');
    expect(dialog.textContent).toContain('15 minutes after launch');
    fireEvent.click(screen.getByTestId('reload-closed'));
    await waitFor(() => expect(screen.getByTestId('closed-message').textContent).toContain('Closed by the system 15 minutes after launch'));
  }, 20_000);
});

describe('responders in the list', () => {
  it('shows each responder’s map label, numbered when initials repeat, and the distance left to the AED they fetch', async () => {
    const calls: Array<{ src: string; input: unknown }> = [];
    const aed = { id: 3, name: 'Mairie', address: '10 rue Philippe-Marcombes', lat: 45.778, lon: 3.086 };
    const cards = [
      responderSample(11, 'onTheWayAed', { firstName: 'Camille', lastName: 'Bot', mission: 'aed', alertInfo: { lon: 3.086, lat: 45.777, positionDate: null, aed, status: 'onTheWayAed' } }),
      responderSample(12, 'onTheWayVictim', { firstName: 'Cédric', lastName: 'Blanc' }),
    ];
    const logic = stubbedMachine(calls).provide({ actors: { fetchLive: fromPromise(async () => ok({ alert: alertSample('live'), responders: cards })) } as never });
    renderPanels(logic, <LivePanel />);
    await waitFor(() => expect(actor).not.toBeNull());
    actor!.send({ type: 'alert.resume', alertId: 42 });
    const rows = await screen.findAllByTestId('responder-row');
    expect(rows.map((row) => within(row).getByTestId('responder-marker-label').textContent)).toEqual(['CB1', 'CB2']);
    expect(within(rows[0]!).getByTestId('distance-to-aed').textContent).toContain('110 m from the AED');
    expect(within(rows[1]!).queryByTestId('distance-to-aed')).toBeNull();
  }, 20_000);
});
