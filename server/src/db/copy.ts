import pg from 'pg';
import type { Db } from './database';

/**
 * COPY … FROM of rows already in memory, on the connection a drizzle handle writes through (a
 * transaction's, so the rows commit or roll back with it). PGlite reads them from its `/dev/blob`
 * device; a PostgreSQL server from STDIN. Values are written in COPY's text format: no JSON to
 * build and parse per row, which is what makes it the bulk path of the AED import.
 */

/** A value as COPY's text format writes it: `\N` for null, booleans as t/f, objects as JSON. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\t\n\r]/g, (sign) => (sign === '\\' ? '\\\\' : sign === '\t' ? '\\t' : sign === '\n' ? '\\n' : '\\r'));
}

/** The rows in COPY's text format, one line each. */
export function copyText(rows: readonly (readonly unknown[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(cell).join('\t')}\n`;
  return text;
}

/** COPY FROM STDIN through node-postgres's Submittable interface: the whole text in one CopyData message. */
class CopyFromStdin implements pg.Submittable {
  constructor(
    private readonly statement: string,
    private readonly data: Buffer,
    private readonly settle: (error?: Error) => void,
  ) {}
  submit(connection: pg.Connection): void {
    (connection as unknown as { query(text: string): void }).query(this.statement);
  }
  handleCopyInResponse(connection: pg.Connection): void {
    const copy = connection as unknown as { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void };
    if (this.data.length > 0) copy.sendCopyFromChunk(this.data);
    copy.endCopyFrom();
  }
  /** The client lets go of the statement on an error, before the server is ready again: settled here. */
  handleError(error: Error): void {
    this.settle(error);
  }
  handleReadyForQuery(): void {
    this.settle();
  }
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

interface PgliteClient {
  query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

/** The client a drizzle handle sends its statements through (drizzle keeps it on its session). */
function clientOf(db: Db): pg.Pool | pg.PoolClient | pg.Client | PgliteClient {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('copy: no client behind this handle');
  return client as pg.Pool | pg.PoolClient | PgliteClient;
}

/**
 * Copies rows into `table` (`columns` in the rows' order). Table and column names are written into
 * the statement as given: callers pass names they own, never input.
 */
export async function copyRows(db: Db, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  const text = copyText(rows);
  const target = `${table} (${columns.map((column) => `"${column}"`).join(', ')})`;
  const client = clientOf(db);
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await copyToServer(connection, target, text);
    } finally {
      connection.release();
    }
  } else if (client instanceof pg.Client || 'release' in client) {
    await copyToServer(client as pg.Client, target, text);
  } else {
    await (client as PgliteClient).query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
  }
}

function copyToServer(client: pg.Client | pg.PoolClient, target: string, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    client.query(new CopyFromStdin(`COPY ${target} FROM STDIN`, Buffer.from(text, 'utf8'), (error) => (error ? reject(error) : resolve())));
  });
}
