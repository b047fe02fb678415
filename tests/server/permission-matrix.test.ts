import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPermissionsDoc } from '../../contract/permissions.render';
import { expectedStatus, matrixGroups, permissionMatrix, rowKey, type MatrixGroup } from '../../contract/permissions.matrix';
import { addResponder, area } from './alert-fixtures';
import { startTestServer, tableFingerprint, type TestServer } from './harness';
import { matrixFixtures, matrixRequests, type CellRequest, type MatrixFixtures } from './permission-matrix.requests';

/**
 * Every endpoint × every group (0, 1, 5, 6, 7, 8, 9, 100001, 100002) × own account / another
 * account answers the status of contract/permissions.matrix.ts. A new endpoint without a row fails.
 */

/** The demo user each group signs in as (spec §6); group 0 sends no token. */
const signIns: Record<Exclude<MatrixGroup, 0>, string> = {
  1: 'admin@vigil.test',
  5: 'operator@vigil.test',
  6: 'administrator@vigil.test',
  7: 'referent@vigil.test',
  8: 'aed-manager@vigil.test',
  9: 'aed-editor@vigil.test',
  100001: 'newcomer@vigil.test',
  100002: 'norights@vigil.test',
};

/** Every `METHOD /path` the server answers (HEAD aside), read from Fastify's route tree. */
export function routeList(app: FastifyInstance): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of lines) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const path = (depth > 0 ? stack[depth - 1] : '') + match[2];
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) routes.push(`${method} ${path}`);
  }
  // The built SPA's static files (served when dist/ exists) are not endpoints.
  return routes.filter((route) => /^[A-Z]+ \/(services\/|api\/|health$)/.test(route));
}

let server: TestServer;
let fx: MatrixFixtures;
const tokens = new Map<MatrixGroup, string>();

/** Signs every group in (again after a password update, which ends the older sessions). */
async function signInAll() {
  await server.ctx.database.query("UPDATE users SET must_change_password = true WHERE email = 'newcomer@vigil.test'");
  for (const [group, email] of Object.entries(signIns)) tokens.set(Number(group) as MatrixGroup, await server.signIn(email));
}

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  await signInAll();
  fx = await matrixFixtures(server);
});
afterAll(async () => server?.close());

async function send(request: CellRequest, authorization?: string) {
  const response = await server.app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    payload: request.payload as string | object | undefined,
    headers: { ...(request.headers ?? {}), ...(authorization ? { authorization } : {}) },
  });
  return response;
}

describe('the permission matrix', () => {
  it('has one row and one request for every endpoint, and no row without an endpoint', async () => {
    await server.app.ready();
    const served = routeList(server.app).sort();
    const rows = permissionMatrix.map(rowKey).sort();
    expect(served.filter((key) => !rows.includes(key)), 'endpoints without a row in contract/permissions.matrix.ts').toEqual([]);
    expect(rows.filter((key) => !served.includes(key)), 'rows without an endpoint').toEqual([]);
    expect(new Set(rows).size).toBe(rows.length);
    for (const row of permissionMatrix) {
      const request = matrixRequests[rowKey(row)];
      expect(request, `request for ${rowKey(row)}`).toBeDefined();
      expect(Boolean(request.other), `other-account request for ${rowKey(row)}`).toBe(row.other !== undefined);
    }
  });

  it('is the documentation: docs/permissions.md is rendered from it (npx tsx scripts/permissions-doc.ts)', () => {
    expect(readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8')).toBe(renderPermissionsDoc());
  });

  for (const row of permissionMatrix) {
    it(`${rowKey(row)} answers its cells`, async () => {
      const misses: string[] = [];
      const build = matrixRequests[rowKey(row)];
      for (const group of matrixGroups) {
        for (const target of ['own', 'other'] as const) {
          const expected = expectedStatus(row, group, target);
          const builder = target === 'own' ? build.own : build.other;
          if (expected === undefined || !builder) continue;
          const response = await send(await builder(fx, group), tokens.get(group));
          if (response.statusCode !== expected) misses.push(`group ${group} ${target}: ${response.statusCode} (expected ${expected}) ${response.body.slice(0, 160)}`);
        }
      }
      if (row.path.endsWith('/updtPwd') || row.path.endsWith('/logout')) await signInAll();
      expect(misses).toEqual([]);
    });
  }

  it('writes nothing for the cells it refuses but the audit of a refused sign-in: every refused cell again, between two fingerprints of the data', async ({ annotate }) => {
    const refused: { request: CellRequest; group: MatrixGroup }[] = [];
    for (const row of permissionMatrix) {
      const build = matrixRequests[rowKey(row)];
      for (const group of matrixGroups) {
        for (const target of ['own', 'other'] as const) {
          const expected = expectedStatus(row, group, target);
          const builder = target === 'own' ? build.own : build.other;
          if (expected !== undefined && expected >= 400 && builder) refused.push({ request: await builder(fx, group), group });
        }
      }
    }
    await signInAll();
    const [{ last }] = await server.ctx.database.query<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM audit_log');
    const before = await tableFingerprint(server.ctx.database);
    const statuses = new Map<number, number>();
    for (const { request, group } of refused) {
      const status = (await send(request, tokens.get(group))).statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const changed = Object.entries(await tableFingerprint(server.ctx.database)).filter(([table, sum]) => before[table] !== sum && table !== 'audit_log').map(([table]) => table);
    const audited = await server.ctx.database.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1', [last]);
    await annotate(`${refused.length} refused cells replayed: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}; tables changed: ${changed.length}; audit rows: ${audited.length}`);
    expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true);
    expect(changed).toEqual([]);
    // A refused sign-in is audited by design (who tried, from where); nothing else is written.
    const refusedSignIns = refused.filter(({ request }) => request.url.endsWith('/signin/')).length;
    expect(audited.map((row) => row.action)).toEqual(Array.from({ length: refusedSignIns }, () => 'account.signInFailed'));
  });

  it('opens the responder API to a responder device, with the status of the own column', async () => {
    const responder = await addResponder(server, area);
    const misses: string[] = [];
    // The device token call last: it replaces the token the others use.
    const rows = permissionMatrix.filter((entry) => entry.access === 'responder').sort((a, b) => Number(a.path.endsWith('/token')) - Number(b.path.endsWith('/token')));
    for (const row of rows) {
      const response = await send(await matrixRequests[rowKey(row)].own(fx, 0), responder.auth);
      if (response.statusCode !== row.own) misses.push(`${rowKey(row)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(misses).toEqual([]);
  });
});
