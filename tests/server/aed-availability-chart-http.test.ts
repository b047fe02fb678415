import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aedErrorKeys } from '../../contract/aed.errors';
import { aedAvailabilityChart, type AedActiveAvailability, type AedAvailability, type AedAvailabilityEvent } from '../../contract/charts/aed-availability.chart';
import { availabilityEndQueue } from '../../server/src/modules/aeds/availability';
import { aedBase, call, newAed } from '../fixtures/aed/helpers';
import { expectReplay, expectTableIsChart, jobSettled, type Carried, type ChartTable } from './chart-replay';
import { startTestServer, type TestServer } from './harness';

/**
 * The AED availability chart replayed through the HTTP API on a real database: a fresh AED is
 * created with the form's call, driven into each state (the deleted state from each of the three
 * it can be deleted from, since a restore goes back there), then sent each event of the chart.
 */
const active = ['available', 'inMaintenance', 'unavailable'] as const satisfies readonly AedActiveAvailability[];
const states = [...active, 'deleted'] as const satisfies readonly AedAvailability[];

const table = {
  'availability.makeAvailable': { inMaintenance: 'available', unavailable: 'available' },
  'availability.startMaintenance': { available: 'inMaintenance', unavailable: 'inMaintenance' },
  'availability.makeUnavailable': { available: 'unavailable', inMaintenance: 'unavailable', unavailable: 'unavailable' },
  'availability.endReached': { unavailable: 'available' },
  'aed.delete': { available: 'deleted', inMaintenance: 'deleted', unavailable: 'deleted' },
  'aed.restore': { deleted: 'available' },
} satisfies ChartTable<AedAvailability, AedAvailabilityEvent['type']>;
const events = Object.keys(table) as AedAvailabilityEvent['type'][];

/** A restore goes back to the availability the AED had before its delete. */
const restoredTo = { available: 'available', inMaintenance: 'inMaintenance', unavailable: 'unavailable' } satisfies Record<AedActiveAvailability, AedActiveAvailability>;

const chartEvent = (type: AedAvailabilityEvent['type']) => (type === 'availability.makeUnavailable' ? { type, reason: 'maintenance' as const } : { type }) as AedAvailabilityEvent;

let server: TestServer;
let editor: string;

beforeAll(async () => {
  server = await startTestServer();
  editor = await server.signIn('aed-editor@vigil.test');
});
afterAll(async () => server?.close());

interface Aed {
  id: number;
  udid: string;
}

const patch = (aed: Aed, body: object) => call(server, editor, 'PATCH', `${aedBase}/patchAed/${aed.udid}`, body);
const availability = (aed: Aed, status: AedActiveAvailability, extra: object = {}) => patch(aed, { availability: { status, ...(status === 'unavailable' ? { reason: 'maintenance' } : {}), ...extra } });

/** The seconds ahead of an end date that the AED's own end job reaches during its case. */
const endSoonSeconds = 2;

/**
 * A new AED taken into `state`; a deleted one is deleted from `before`. An unavailable AED that is
 * to receive endReached is given an end date a moment ahead, so that its own end job comes.
 */
async function reach(state: AedAvailability, before: AedActiveAvailability, event: AedAvailabilityEvent['type']): Promise<Aed> {
  const created = await call(server, editor, 'PATCH', `${aedBase}/patchAed/new`, newAed());
  expect(created.status).toBe(200);
  const aed = { id: created.body.data.id as number, udid: created.body.data.udid as string };
  const active = state === 'deleted' ? before : state;
  const endDate = state === 'unavailable' && event === 'availability.endReached' ? { endDate: new Date(Date.now() + endSoonSeconds * 1000).toISOString() } : {};
  if (active !== 'available') expect((await availability(aed, active, endDate)).status).toBe(200);
  if (state === 'deleted') expect((await call(server, editor, 'PATCH', `${aedBase}/softDelete`, { udid: aed.udid })).status).toBe(200);
  return aed;
}

const stateOf = async (aed: Aed) => (await call(server, editor, 'GET', `${aedBase}/getAed/${aed.udid}`)).body.data.status as string;

/** How each event reaches an AED. */
const send = {
  'availability.makeAvailable': (aed) => availability(aed, 'available'),
  'availability.startMaintenance': (aed) => availability(aed, 'inMaintenance'),
  'availability.makeUnavailable': (aed) => availability(aed, 'unavailable'),
  // No HTTP route: the end date is reached by the durable end job. An AED unavailable until a
  // moment ahead gets its own job; any other is sent one for an end date already past.
  'availability.endReached': async (aed, state) => {
    if (state === 'unavailable') {
      await expect.poll(() => stateOf(aed), { timeout: 30_000, interval: 100 }).not.toBe('unavailable');
      return { via: 'its own end job' };
    }
    await jobSettled(server.ctx.database, await server.ctx.jobs.send(availabilityEndQueue, { aedId: aed.id, until: new Date(Date.now() - 1000).toISOString() }));
    return { via: 'an end job' };
  },
  'aed.delete': (aed) => call(server, editor, 'PATCH', `${aedBase}/softDelete`, { udid: aed.udid }),
  'aed.restore': (aed) => call(server, editor, 'PATCH', `${aedBase}/restoreAed`, { udid: aed.udid }),
} satisfies Record<AedAvailabilityEvent['type'], (aed: Aed, state: AedAvailability) => Promise<Carried>>;

describe('AED availability chart', () => {
  it('is the table this replay expects', () => expectTableIsChart(aedAvailabilityChart, states, table, chartEvent));
  it('restores to the availability before the delete', () => {
    for (const previous of active) expectTableIsChart(aedAvailabilityChart, ['deleted'], { 'aed.restore': { deleted: restoredTo[previous] } }, (type) => ({ type, previous }) as AedAvailabilityEvent);
  });
});

const cases = [...active.map((state) => ({ state, before: state, label: state })), ...active.map((before) => ({ state: 'deleted' as const, before, label: `deleted (from ${before})` }))];

describe.each(cases)('an AED $label, through the HTTP API', ({ state, before }) => {
  it.each(events)('%s', async (event) => {
    const aed = await reach(state, before, event);
    expect(await stateOf(aed)).toBe(state);
    const next = event === 'aed.restore' && state === 'deleted' ? restoredTo[before] : (table[event] as Partial<Record<AedAvailability, AedAvailability>>)[state];
    await expectReplay(await send[event](aed, state), { state, next, refusal: aedErrorKeys.availabilityNotCompliant }, () => stateOf(aed));
  });
});
