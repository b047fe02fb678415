import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AedClusterLayer, type AedPoint } from '../../src/components/map/aed-cluster-layer';
import { VigilMap } from '../../src/components/map/vigil-map';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { alertMachine } from '../../src/machines/alert/alert.machine';
import { extraInfosMachine } from '../../src/machines/extra-infos/extra-infos.machine';
import { ExtraInfosActor } from '../../src/views/app/actor-contexts';
import { AlertActor } from '../../src/views/alert/alert-actor';
import { AlertMap } from '../../src/views/alert/parts/alert-map';
import { alertSample, options, responderSample } from '../machines/alert.fixtures';
import { extraInfos } from './render-app';

/**
 * Markers at one place do not hide each other: responders on one doorstep, or AEDs in one hall,
 * are one marker with their count, and a click lists them (on the alert map and the AED map, at
 * any zoom); zooming in splits those that are apart.
 */

vi.mock('../../src/services/tiles.api', () => ({
  getOutlines: async () => ({ ok: true as const, data: { type: 'FeatureCollection', features: [] } }),
  getCommunes: async () => ({ ok: true as const, data: [] }),
}));

const ok = <T,>(data: T) => ({ ok: true as const, data });

/** The markers Leaflet drew, by their accessible name. */
const markerTitles = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.leaflet-marker-icon')].map((marker) => marker.getAttribute('title'));

afterEach(() => cleanup());

describe('AED map', () => {
  // Three AEDs in one town hall (a few metres apart), one 600 m away.
  const points: AedPoint[] = [
    { udid: 'hall-1', name: 'Mairie accueil', lat: 45.77797, lon: 3.08251, status: 'available', alwaysOpened: true },
    { udid: 'hall-2', name: 'Mairie salle des fêtes', lat: 45.77799, lon: 3.08254, status: 'inMaintenance', alwaysOpened: false },
    { udid: 'hall-3', name: 'Mairie parking', lat: 45.77795, lon: 3.08249, status: 'available', alwaysOpened: true },
    { udid: 'station', name: 'Gare', lat: 45.7785, lon: 3.0905, status: 'available', alwaysOpened: true },
  ];

  function aedMap(zoom: number, opened: string[], shown = points) {
    return (
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <div style={{ width: 800, height: 600 }}>
          <VigilMap center={{ lat: 45.778, lon: 3.085 }} zoom={zoom} basemap={null} label="Map">
            <AedClusterLayer
              clusters={[]}
              points={shown}
              locale="en"
              clusterLabel={(count) => `${count} AEDs: zoom in`}
              stackLabel={(count) => `${count} defibrillators at this place: choose one`}
              statusLabel={(status) => status}
              onOpen={(udid) => opened.push(udid)}
            />
          </VigilMap>
        </div>
      </IntlProvider>
    );
  }

  const renderAedMap = (zoom: number, opened: string[]) => render(aedMap(zoom, opened));

  it('draws AEDs of one place as one marker that lists them, and opens the one chosen', async () => {
    const opened: string[] = [];
    const { container } = renderAedMap(19, opened);
    await waitFor(() => expect(markerTitles(container).sort()).toEqual(['3 defibrillators at this place: choose one', 'Gare']));
    const stack = container.querySelector<HTMLElement>('.leaflet-marker-icon[title^="3 defibrillators"]')!;
    expect(stack.textContent).toBe('3');
    act(() => void fireEvent.click(stack));
    const list = await screen.findByTestId('map-stack-list');
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['Mairie accueil · available', 'Mairie salle des fêtes · inMaintenance', 'Mairie parking · available']);
    fireEvent.click(within(list).getByRole('button', { name: /salle des fêtes/ }));
    expect(opened).toEqual(['hall-2']);
  });

  it('names a stack by its count as it changes', async () => {
    const view = renderAedMap(19, []);
    await waitFor(() => expect(markerTitles(view.container)).toContain('3 defibrillators at this place: choose one'));
    view.rerender(aedMap(19, [], points.filter((point) => point.udid !== 'hall-3')));
    await waitFor(() => expect(markerTitles(view.container).sort()).toEqual(['2 defibrillators at this place: choose one', 'Gare']));
    expect(view.container.querySelector('.vigil-stack')?.textContent).toBe('2');
  });

  it("keeps a stack's list open while its members reorder or one of them leaves", async () => {
    const view = renderAedMap(17, []);
    await waitFor(() => expect(markerTitles(view.container)).toContain('3 defibrillators at this place: choose one'));
    act(() => void fireEvent.click(view.container.querySelector<HTMLElement>('.vigil-stack')!));
    const namesListed = () => within(screen.getByTestId('map-stack-list')).getAllByRole('button').map((button) => button.textContent?.split(' · ')[0]);
    await waitFor(() => expect(namesListed()).toHaveLength(3));
    view.rerender(aedMap(17, [], [...points].reverse()));
    await waitFor(() => expect(namesListed()).toEqual(['Mairie parking', 'Mairie salle des fêtes', 'Mairie accueil']));
    view.rerender(aedMap(17, [], points.filter((point) => point.udid !== 'hall-1')));
    await waitFor(() => expect(namesListed()).toEqual(['Mairie salle des fêtes', 'Mairie parking']));
  });

  it('stacks AEDs that would overlap at a lower zoom, and keeps apart those that do not', async () => {
    const { container } = renderAedMap(13, []);
    // At zoom 13, 600 m is about 40 px: the station stays apart, the hall is one marker.
    await waitFor(() => expect(markerTitles(container).sort()).toEqual(['3 defibrillators at this place: choose one', 'Gare']));
    cleanup();
    const far = renderAedMap(10, []);
    await waitFor(() => expect(markerTitles(far.container)).toEqual(['4 defibrillators at this place: choose one']));
  });
});

describe('alert map', () => {
  /** The live screen of alert 42, as the alert screen opens it. */
  function Resume() {
    const alert = AlertActor.useActorRef();
    useEffect(() => alert.send({ type: 'alert.resume', alertId: 42 }), [alert]);
    return null;
  }

  it('lists the responders and the AED standing at one place, with their labels and statuses', async () => {
    const here = { lat: 45.7772, lon: 3.087 };
    const aed = { id: 3, name: 'Pharmacie Jaude', address: '1 place de Jaude', lat: here.lat, lon: here.lon };
    const cards = [
      responderSample(11, 'onSiteVictim', { firstName: 'Léa', lastName: 'Bernard', alertInfo: { ...here, positionDate: null, aed: null, status: 'onSiteVictim' } }),
      responderSample(12, 'onTheWayAed', { firstName: 'Luc', lastName: 'Brun', mission: 'aed', alertInfo: { ...here, positionDate: null, aed, status: 'onTheWayAed' } }),
      responderSample(13, 'dispatched', { firstName: 'Nina', lastName: 'Simon', alertInfo: { lat: 45.7702, lon: 3.0701, positionDate: null, aed: null, status: 'dispatched' } }),
    ];
    const logic = alertMachine.provide({
      actors: {
        loadOptions: fromPromise(async () => ok(options)),
        fetchLive: fromPromise(async () => ok({ alert: alertSample('live'), responders: cards })),
      } as never,
    });
    const infos = extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async () => ok({ ...extraInfos, basemap: null })) } as never });
    const { container } = render(
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <ExtraInfosActor.Provider logic={infos} options={{ input: { origin: 'http://localhost' } }}>
          <AlertActor.Provider logic={logic} options={{ input: { userId: 5 } }}>
            <Resume />
            <div style={{ width: 800, height: 600 }}>
              <AlertMap />
            </div>
          </AlertActor.Provider>
        </ExtraInfosActor.Provider>
      </IntlProvider>,
    );
    await waitFor(() => expect(markerTitles(container)).toContain('3 at this place: who and what'));
    expect(markerTitles(container)).toContain('Nina Simon');
    expect(markerTitles(container)).not.toContain('Léa Bernard');
    act(() => void fireEvent.click(container.querySelector<HTMLElement>('.leaflet-marker-icon[title="3 at this place: who and what"]')!));
    const list = await screen.findByTestId('map-stack-list');
    expect([...list.querySelectorAll('li')].map((line) => line.textContent)).toEqual(['AED: Pharmacie Jaude', 'LB1Léa Bernard · With the victim', 'LB2Luc Brun · On the way to the AED']);
  }, 20_000);
});
