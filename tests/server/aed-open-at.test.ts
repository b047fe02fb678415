import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/database';
import { startTestServer, type TestServer } from './harness';

/**
 * The register's "open at this moment?" (SQL function aed_open_at), which every alert preview and
 * launch asks of the AEDs around the victim: ranges in Paris local time, open inclusive and close
 * exclusive, "24:00" to the end of the day, days left out closed, 24/7 always open.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
});
afterAll(async () => server?.close());

async function openAt(always: boolean | null, hours: unknown, at: string): Promise<boolean | null> {
  const [row] = await rowsOf<{ open: boolean | null }>(
    server.ctx.database.db,
    sql`SELECT aed_open_at(${always}::boolean, ${hours === null ? null : JSON.stringify(hours)}::jsonb, ${at}::timestamptz) AS open`,
  );
  return row.open;
}

// Monday 30 November 2026 and Sunday 29 March 2026 (the night summer time starts), Paris time.
const monday = (time: string) => `2026-11-30 ${time} Europe/Paris`;
const week = { '1': [{ open: '08:30', close: '12:00' }, { open: '13:30', close: '18:00' }], '7': [{ open: '00:00', close: '24:00' }] };

describe('aed_open_at', () => {
  it('is open from the opening minute and closed from the closing minute, between ranges too', async () => {
    const answers = await Promise.all(['08:29:59', '08:30', '11:59:59', '12:00', '13:00', '13:30', '17:59', '18:00'].map((time) => openAt(false, week, monday(time))));
    expect(answers).toEqual([false, true, true, false, false, true, true, false]);
  });

  it('keeps a range closing at 24:00 open until midnight, and a day left out closed', async () => {
    expect(await openAt(false, week, '2026-11-29 23:59:30 Europe/Paris')).toBe(true);
    expect(await openAt(false, week, '2026-11-29 00:00 Europe/Paris')).toBe(true);
    expect(await openAt(false, week, '2026-12-01 10:00 Europe/Paris')).toBe(false);
  });

  it('reads the weekday and the time in Paris, whatever the moment is written in', async () => {
    // 07:45 UTC on a Monday is 08:45 in Paris in winter; 23:30 UTC on Sunday is Monday 00:30 in Paris.
    expect(await openAt(false, week, '2026-11-30 07:45Z')).toBe(true);
    expect(await openAt(false, { '1': [{ open: '00:00', close: '01:00' }] }, '2026-11-29 23:30Z')).toBe(true);
    // Sunday 29 March 2026, 03:30 summer time (01:30 UTC): open on Sunday's range only.
    expect(await openAt(false, { '7': [{ open: '03:00', close: '04:00' }] }, '2026-03-29 01:30Z')).toBe(true);
  });

  it('answers open for 24/7 AEDs and closed for no hours, never null', async () => {
    expect(await openAt(true, null, monday('03:00'))).toBe(true);
    expect(await openAt(false, null, monday('10:00'))).toBe(false);
    expect(await openAt(null, {}, monday('10:00'))).toBe(false);
    expect(await openAt(false, { '1': [] }, monday('10:00'))).toBe(false);
  });
});
