import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFault, engineLog } from '../../server/src/db/engine-log';
import { startTestServer, type TestServer } from './harness';

/**
 * The embedded engine's Postgres stops under Vigil (here: it exits on the end of input of a
 * `COPY … FROM STDIN`, as it does on any fatal error). PGlite's own protocol loop would then call
 * the dead backend forever, synchronously: the process hangs at 100 % of a core and no request,
 * timer or shutdown runs again. scripts/patch-pglite.mjs makes the loop rethrow; Vigil then answers
 * 503 `error.database.unavailable`, /ready included, and stays responsive.
 */
const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** Stops PGlite's backend in a child process: a hang there fails the test instead of freezing the suite. */
function stopBackendInChild(): Promise<{ first: string; second: string; faults: string[] } | 'hung'> {
  const script = `
    const { PGlite } = await import(${JSON.stringify(pgliteModule)});
    const db = await PGlite.create();
    const faults = [];
    db.onEngineFault = (error) => faults.push(error.name);
    await db.exec('CREATE TABLE t (x int)');
    const outcome = async (run) => { try { await run(); return 'resolved'; } catch (error) { return error.name; } };
    const first = await outcome(() => db.exec('COPY t FROM STDIN'));
    const second = await outcome(() => db.query('SELECT 1'));
    process.stdout.write(JSON.stringify({ first, second, faults }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Far beyond the fraction of a second the child needs, even on a slow machine.
    const hung = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(hung);
      if (signal === 'SIGKILL') resolve('hung');
      else if (code === 0) resolve(JSON.parse(output) as { first: string; second: string; faults: string[] });
      else reject(new Error(`child exited ${code}: ${output}`));
    });
  });
}

let engineRethrows = false;

describe('an embedded engine whose Postgres stops', () => {
  it('fails the query that stopped it and every later one, instead of hanging the process', async () => {
    const result = await stopBackendInChild();
    expect(result).toMatchObject({ first: 'ExitStatus', second: 'ExitStatus' });
    // The loop reported what broke it before rethrowing, for the engine's own log (engineFault).
    expect((result as { faults: string[] }).faults[0]).toBe('ExitStatus');
    engineRethrows = true;
  });
});

// On PostgreSQL the server's own faults are faults-database.test.ts's.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('Vigil on an embedded engine that stopped', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin@vigil.test');
  });
  afterAll(async () => {
    // Closing a stopped engine ends too: the process exits its tests normally.
    await server.close();
  });

  it('answers 503 database unavailable to its callers and to /ready, and keeps answering', async () => {
    // Without the patched loop the next query would hang this worker: the test above says so first.
    expect(engineRethrows).toBe(true);
    const before = await server.app.inject({ method: 'GET', url: '/ready' });
    expect(before.statusCode, before.body).toBe(200);

    await server.ctx.database.query('CREATE TABLE stop_the_engine (x int)');
    await expect(server.ctx.database.boss.executeSql('COPY stop_the_engine FROM STDIN')).rejects.toMatchObject({ name: 'ExitStatus' });

    const ready = await server.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ msg: 'error.database.unavailable', details: { database: 'unavailable' } });
    const list = await server.app.inject({ method: 'GET', url: '/services/backOffice/country/?lang=fr', headers: { authorization: admin } });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toMatchObject({ msg: 'error.database.unavailable' });
    const health = await server.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('the log of an embedded engine that stops', () => {
  it('is printed once, its last lines without the values a row may carry', () => {
    const printed: string[] = [];
    const log = engineLog((text) => printed.push(text));
    const at = '2026-11-27 18:29:48.725 UTC [42]';
    for (const line of [
      `${at} ERROR:  duplicate key value violates unique constraint "users_email_key"`,
      `${at} DETAIL:  Key (email)=(someone@example.org) already exists.`,
      `${at} STATEMENT:  insert into users (email) values ('someone@example.org')`,
      `${at} ERROR:  unexpected EOF on client connection with an open transaction`,
      `${at} FATAL:  terminating connection because protocol synchronization was lost`,
      `${at} LOG:  shutting down`,
      `${at} FATAL:  terminating connection because protocol synchronization was lost`,
    ]) {
      log(line);
    }
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('FATAL:  terminating connection because protocol synchronization was lost');
    expect(printed[0]).toContain('ERROR:  unexpected EOF on client connection');
    expect(printed[0]).toContain('unique constraint "…"');
    expect(printed[0]).not.toContain('someone@example.org');
  });
});

describe('the first fault of an embedded engine', () => {
  it('is printed once, with its name, its message and where it was raised', () => {
    const printed: string[] = [];
    const report = engineFault((text) => printed.push(text));
    const trap = new WebAssembly.RuntimeError('memory access out of bounds');
    report(trap);
    report(new WebAssembly.RuntimeError('unreachable'));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('The embedded database (PGlite) engine failed: RuntimeError: memory access out of bounds');
    expect(printed[0]).toContain(trap.stack!.split('\n')[1].trim());
  });
});
