import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aedAvailabilityChart, aedAvailabilityStates, type AedAvailabilityEvent } from '../../contract/charts/aed-availability.chart';
import { nextState } from '../../contract/charts/transition';
import { aedVigilance, confirmationBand, confirmationDay } from '../../contract/aed-vigilance';
import { aedBase, call, newAed } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/** The availability chart, its enforcement by patchAed, and the end date that brings an AED back by itself. */
describe('AED availability chart', () => {
  const events: AedAvailabilityEvent[] = [
    { type: 'availability.makeAvailable' },
    { type: 'availability.startMaintenance' },
    { type: 'availability.makeUnavailable', reason: 'maintenance' },
    { type: 'availability.endReached' },
    { type: 'aed.delete' },
    { type: 'aed.restore' },
  ];
  const expected: Record<string, Record<string, string | undefined>> = {
    available: { 'availability.startMaintenance': 'inMaintenance', 'availability.makeUnavailable': 'unavailable', 'aed.delete': 'deleted' },
    inMaintenance: { 'availability.makeAvailable': 'available', 'availability.makeUnavailable': 'unavailable', 'aed.delete': 'deleted' },
    unavailable: {
      'availability.makeAvailable': 'available',
      'availability.startMaintenance': 'inMaintenance',
      'availability.makeUnavailable': 'unavailable',
      'availability.endReached': 'available',
      'aed.delete': 'deleted',
    },
    deleted: { 'aed.restore': 'available' },
  };

  it('allows exactly the transitions of the table', () => {
    for (const state of aedAvailabilityStates) {
      for (const event of events) expect(nextState(aedAvailabilityChart, state, event), `${state} ${event.type}`).toBe(expected[state][event.type]);
    }
  });

  it('restores to the availability before the delete', () => {
    expect(nextState(aedAvailabilityChart, 'deleted', { type: 'aed.restore', previous: 'inMaintenance' })).toBe('inMaintenance');
    expect(nextState(aedAvailabilityChart, 'deleted', { type: 'aed.restore', previous: 'unavailable' })).toBe('unavailable');
  });
});

describe('vigilance', () => {
  it('flags expired and soon-to-expire consumables and bands the confirmation age', () => {
    const today = '2026-06-15';
    const vigilance = aedVigilance({ batteryExpiration: '2026-06-14', padsExpiration: '2026-08-01', hasChildPads: true, childPadsExpiration: '2027-01-01', lastConfirmationDate: '2026-01-01' }, today, 60);
    expect(vigilance).toEqual({ battery: 'expired', pads: 'soon', childPads: 'ok', alert: true, confirmation: 'under6Months' });
    expect(aedVigilance({ padsExpiration: '2026-06-15' }, today, 60)).toMatchObject({ battery: 'unknown', pads: 'soon', childPads: 'none' });
    expect([null, '2026-04-01', '2025-12-20', '2025-07-01', '2025-06-15'].map((date) => confirmationBand(date, today))).toEqual(['never', 'under3Months', 'under6Months', 'under1Year', 'over1Year']);
    // A moment counts on its Paris day, as the list's filters count it: 23:30 UTC is the next day in Paris.
    expect(confirmationDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(confirmationDay('2026-06-30T22:30:00.000Z')).toBe('2026-07-01');
    expect(confirmationDay('2026-03-02')).toBe('2026-03-02');
  });
});

describe('availability through patchAed', () => {
  let server: TestServer;
  let editor: string;
  beforeAll(async () => {
    server = await startTestServer();
    editor = await server.signIn('aed-editor@vigil.test');
  });
  afterAll(async () => server?.close());

  const patch = (udid: string, body: unknown) => call(server, editor, 'PATCH', `${aedBase}/patchAed/${udid}`, body);
  const create = async () => (await patch('new', newAed())).body.data.udid as string;

  it('moves between available, in maintenance and unavailable with a reason', async () => {
    const udid = await create();
    const maintenance = await patch(udid, { availability: { status: 'inMaintenance' } });
    expect(maintenance.body.data.status).toBe('inMaintenance');
    const unavailable = await patch(udid, { availability: { status: 'unavailable', reason: 'temporarilyUnavailable' } });
    expect(unavailable.body.data).toMatchObject({ status: 'unavailable', unavailableReason: 'temporarilyUnavailable', unavailableUntil: null });
    const reason = await patch(udid, { availability: { status: 'unavailable', reason: 'maintenance' } });
    expect(reason.body.data.unavailableReason).toBe('maintenance');
    const available = await patch(udid, { availability: { status: 'available' } });
    expect(available.body.data).toMatchObject({ status: 'available', unavailableReason: null });
  });

  it('refuses illegal changes with 409 and changes nothing', async () => {
    const udid = await create();
    const twice = await patch(udid, { name: 'Renamed', availability: { status: 'available' } });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('error.aed.availability-not-compliant');
    await patch(udid, { availability: { status: 'inMaintenance' } });
    const again = await patch(udid, { availability: { status: 'inMaintenance' } });
    expect(again.status).toBe(409);
    const after = await call(server, editor, 'GET', `${aedBase}/getAed/${udid}`);
    expect(after.body.data.status).toBe('inMaintenance');
    expect(after.body.data.name).not.toBe('Renamed');
    await call(server, editor, 'PATCH', `${aedBase}/softDelete`, { udid });
    const onDeleted = await patch(udid, { availability: { status: 'available' } });
    expect(onDeleted.status).toBe(409);
  });

  it('needs a reason and a future end date to mark unavailable', async () => {
    const udid = await create();
    const noReason = await patch(udid, { availability: { status: 'unavailable' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('error.aed.unavailable-reason-required');
    const past = await patch(udid, { availability: { status: 'unavailable', reason: 'maintenance', endDate: '2020-01-01T00:00:00Z' } });
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe('error.aed.end-date-past');
    const badReason = await patch(udid, { availability: { status: 'unavailable', reason: 'broken' } });
    expect(badReason.status).toBe(400);
  });

  it('comes back to available by itself at the end date', async () => {
    const udid = await create();
    const endDate = new Date(Date.now() + 3000).toISOString();
    const unavailable = await patch(udid, { availability: { status: 'unavailable', reason: 'temporarilyUnavailable', endDate } });
    expect(unavailable.status).toBe(200);
    expect(unavailable.body.data.unavailableUntil).toBe(endDate);
    // A second AED whose end date was replaced by "available" must not be touched by its old job.
    const other = await create();
    await patch(other, { availability: { status: 'unavailable', reason: 'maintenance', endDate } });
    await patch(other, { availability: { status: 'inMaintenance' } });

    let status = 'unavailable';
    const deadline = Date.now() + 25_000;
    while (status === 'unavailable' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await call(server, editor, 'GET', `${aedBase}/getAed/${udid}`)).body.data.status;
    }
    const after = (await call(server, editor, 'GET', `${aedBase}/getAed/${udid}`)).body.data;
    expect(after).toMatchObject({ status: 'available', unavailableReason: null, unavailableUntil: null });
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(endDate).getTime());
    expect((await call(server, editor, 'GET', `${aedBase}/getAed/${other}`)).body.data.status).toBe('inMaintenance');
  });
});
