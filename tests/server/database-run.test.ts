import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, statement } from '../../server/src/db/database';
import { isoTimestamp } from '../../server/src/db/timestamps';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
});
afterAll(async () => server?.close());

const sample = `SELECT now() AS at, '2026-11-26 09:54:55.5+00'::timestamptz AS moment, '2026-03-01'::date AS day, interval '90 minutes' AS span,
  12.50::numeric AS amount, 3::int8 AS big, 1.5::float8 AS ratio, '{"a": [1, 2]}'::jsonb AS doc, ARRAY[now(), now()] AS moments, $1::int AS given`;

describe('Database.run', () => {
  it('answers the rows the query builder gives for the same SQL, timestamps and dates as text, on every call', async () => {
    const prepared = statement(sample);
    const viaBuilder = await rowsOf<Record<string, unknown>>(server.ctx.database.db, sql.raw(sample.replace('$1', '7')));
    // Twice: on PostgreSQL the second call runs the statement prepared on the first.
    for (let call = 0; call < 2; call += 1) {
      const [row] = await server.ctx.database.run<Record<string, unknown>>(prepared, [7]);
      expect({ ...row, at: undefined, moments: undefined }).toEqual({ ...viaBuilder[0], at: undefined, moments: undefined });
      expect(typeof row.at).toBe('string');
      expect(typeof row.moments).toBe(typeof viaBuilder[0].moments);
      expect(row.given).toBe(7);
    }
  });

  it('names a statement by its text: the same text, the same name; another text, another name', () => {
    expect(statement('SELECT 1').name).toBe(statement('SELECT 1').name);
    expect(statement('SELECT 1').name).not.toBe(statement('SELECT 2').name);
  });
});

describe('isoTimestamp', () => {
  it('writes what toISOString writes for the database’s text, whatever the fraction, offset or year', async () => {
    const texts = [
      '2026-11-26 09:54:55+00',
      '2026-11-26 09:54:55.5+00',
      '2026-11-26 09:54:55.05+00',
      '2026-11-26 09:54:55.123+00',
      '2026-11-26 09:54:55.9999+00',
      '2026-11-26 09:54:55.998765+00',
      '2026-11-26 09:54:55.000001+00',
      '2026-11-26 23:59:59.999999+00',
      '2026-11-26 09:54:55.123456+01',
      '2026-11-26 09:54:55.123456+05:30',
      '2026-11-26 09:54:55.123456-03',
      '0099-01-01 00:00:00+00',
      '1000-01-01 00:00:00+00',
    ];
    for (const text of texts) expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    const moment = new Date('2026-11-26T09:54:55.123Z');
    expect(isoTimestamp(moment)).toBe('2026-11-26T09:54:55.123Z');
    // And what the database itself writes, down to the microsecond, across a year of moments.
    const rows = await server.ctx.database.run<{ at: string }>(statement(`SELECT ('2026-01-01'::timestamptz + make_interval(secs => n * 3217.123457)) AS at FROM generate_series(0, 9999) AS n`), []);
    for (const { at } of rows) expect(isoTimestamp(at), at).toBe(new Date(at).toISOString());
  });
});
