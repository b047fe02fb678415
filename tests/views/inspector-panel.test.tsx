import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { alertChart } from '../../contract/charts/alert.chart';
import { StatechartDiagram } from '../../src/components/statechart/statechart-diagram';
import { layoutMachine } from '../../src/components/statechart/machine-chart';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { machines } from '../../src/machines/registry';
import { activeStateIds, inspected, inspection } from '../../src/services/inspection';
import { ActorsTab } from '../../src/views/inspector/parts/actors-tab';
import { layoutProblems } from '../machines/chart-layout-checks';

afterEach(() => {
  cleanup();
  inspection.setEnabled(false);
});

const doorMachine = setup({ types: { events: {} as { type: 'door.open'; code: string; password: string } | { type: 'door.close' } } }).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'open' } },
    open: { initial: 'ajar', states: { ajar: { after: { 2000: 'wide' } }, wide: {} }, on: { 'door.close': 'closed' } },
  },
});

const stateBox = (container: HTMLElement, machineId: string, path: string) => container.querySelector(`svg[data-machine="${machineId}"] [data-testid="chart-state"][data-state="${path}"]`);

describe('statechart drawing', () => {
  it('draws every state and transition of every registered machine, inside its parent box, with nothing covering a state or a label', async () => {
    for (const { machine } of machines) {
      const layout = await layoutMachine(machine);
      const byId = new Map(layout.states.map((node) => [node.id, node]));
      const countStates = (node: typeof machine.root): number => 1 + Object.values(node.states).reduce((sum, child) => sum + countStates(child as typeof machine.root), 0);
      expect(layout.states.length, machine.id).toBe(countStates(machine.root));
      for (const node of layout.states) {
        const parent = machine.getStateNodeById(node.id).parent;
        if (!parent) continue;
        const box = byId.get(parent.id)!;
        expect(node.x >= box.x && node.y >= box.y && node.x + node.w <= box.x + box.w + 0.01 && node.y + node.h <= box.y + box.h + 0.01, `${node.id} inside ${box.id}`).toBe(true);
      }
      for (const { edge, points } of layout.edges) expect(byId.has(edge.source) && byId.has(edge.target) && points.length >= 2, edge.id).toBe(true);
      expect(layoutProblems(layout), machine.id).toEqual([]);
    }
  });

  it('highlights the active state and labels delays as a reader says them', async () => {
    const { container } = render(<StatechartDiagram machine={alertChart} active={activeStateIds(alertChart, 'live')} title="alert" />);
    await waitFor(() => expect(stateBox(container, 'alert', 'live')).not.toBeNull());
    expect(stateBox(container, 'alert', 'live')?.getAttribute('data-active')).toBe('true');
    expect(stateBox(container, 'alert', 'settingUp')?.getAttribute('data-active')).toBe('false');
    expect((await layoutMachine(doorMachine)).edges.map(({ edge }) => edge.label)).toContain('after 2 s');
  });
});

describe('running actors', () => {
  it('shows a running actor on its chart as it changes, with its events redacted', async () => {
    inspection.setEnabled(true);
    const actor = createActor(doorMachine, inspected).start();
    const { container } = render(
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <ActorsTab />
      </IntlProvider>,
    );
    fireEvent.click(screen.getAllByTestId('inspector-actor').find((item) => item.getAttribute('data-machine') === 'door')!);
    await waitFor(() => expect(stateBox(container, 'door', 'closed')?.getAttribute('data-active')).toBe('true'));

    act(() => actor.send({ type: 'door.open', code: '4321', password: 'secret-word' }));
    expect(stateBox(container, 'door', 'closed')?.getAttribute('data-active')).toBe('false');
    expect(stateBox(container, 'door', 'open')?.getAttribute('data-active')).toBe('true');
    expect(stateBox(container, 'door', 'open.ajar')?.getAttribute('data-active')).toBe('true');
    const events = screen.getAllByTestId('inspector-event');
    expect(events[0].getAttribute('data-type')).toBe('door.open');
    expect(events[0].textContent).toContain('[redacted]');
    expect(container.textContent).not.toContain('4321');
    expect(container.textContent).not.toContain('secret-word');
    expect(screen.getAllByTestId('inspector-time').map((row) => row.getAttribute('data-state'))).toEqual(expect.arrayContaining(['closed', 'open', 'open.ajar']));

    act(() => actor.stop());
    expect(screen.getAllByTestId('inspector-actor').find((item) => item.getAttribute('data-machine') === 'door')?.getAttribute('data-status')).toBe('stopped');
  });
});
