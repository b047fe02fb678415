import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDelivery } from '../../server/src/adapters/push/delivery';
import en from '../../src/i18n/messages/en.json';
import { permissionMatrix, rowKey } from '../../contract/permissions.matrix';
import { newestMail, startTestServer, tableFingerprint, type TestServer } from './harness';
import { addResponder, area } from './alert-fixtures';
import { accountIdOf, rodez } from './history-fixtures';
import { matrixFixtures, matrixRequests, type CellRequest, type MatrixFixtures } from './permission-matrix.requests';

/**
 * Hostile input on every endpoint that takes input. The cases are generated from the zod schemas
 * (through the OpenAPI document they produce), applied to the valid request of the permission
 * matrix: each property of the wrong type, each required property missing, each bounded string one
 * character too long, a body past the size limit. Each answers 400 (413) with a translated key, and
 * the database is byte for byte the same afterwards. Then injection, traversal and token cases.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  items?: JsonSchema;
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

let server: TestServer;
let admin: string;
let responderAuth: string;
let fx: MatrixFixtures;
let operations: Map<string, Operation>;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  admin = await server.signIn('admin@vigil.test');
  fx = await matrixFixtures(server);
  responderAuth = (await addResponder(server, area)).auth;
  // What the registration sends is delivered now, not during a test that compares fingerprints.
  await pushDelivery(server.ctx).drain();
  await server.app.ready();
  const doc = server.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = new Map();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation);
  }
});
afterAll(async () => server?.close());

/** The data tables' fingerprint of this file's server (see tableFingerprint). */
const fingerprint = (ignoring: Record<string, string> = {}) => tableFingerprint(server.ctx.database, ignoring);

async function send(request: CellRequest, authorization = admin) {
  return server.app.inject({ method: request.method ?? 'GET', url: request.url, payload: request.payload as object | undefined, headers: { ...(request.headers ?? {}), authorization } });
}

const typesOf = (schema: JsonSchema): string[] => (schema.anyOf ? schema.anyOf.flatMap(typesOf) : schema.type ? [schema.type] : []);
/** A value no schema of these types accepts. */
const wrongValue = (schema: JsonSchema): unknown => (typesOf(schema).includes('object') ? 12345 : { hostile: true });

interface Case {
  name: string;
  request: CellRequest;
}

/** The generated cases of one endpoint, from its valid request and its schemas. */
function casesOf(key: string, base: CellRequest, operation: Operation): Case[] {
  const cases: Case[] = [];
  const body = operation.requestBody?.content['application/json']?.schema;
  const payload = base.payload && typeof base.payload === 'object' && !Buffer.isBuffer(base.payload) ? (base.payload as Record<string, unknown>) : undefined;
  if (body?.properties && payload) {
    for (const [field, schema] of Object.entries(body.properties)) {
      cases.push({ name: `${key} body.${field} of the wrong type`, request: { ...base, payload: { ...payload, [field]: wrongValue(schema) } } });
      if (schema.maxLength !== undefined && typesOf(schema).every((type) => type === 'string')) {
        cases.push({ name: `${key} body.${field} too long`, request: { ...base, payload: { ...payload, [field]: 'x'.repeat(schema.maxLength + 1) } } });
      }
    }
    for (const field of body.required ?? []) {
      const rest = { ...payload };
      delete rest[field];
      cases.push({ name: `${key} body.${field} missing`, request: { ...base, payload: rest } });
    }
    cases.push({ name: `${key} body not an object`, request: { ...base, payload: JSON.stringify(['not', 'an', 'object']), headers: { 'content-type': 'application/json' } } });
  }
  const url = new URL(base.url, 'http://vigil.test');
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.schema) continue;
    const types = typesOf(parameter.schema);
    const wrong = new URL(url);
    if (types.every((type) => type === 'integer' || type === 'number' || type === 'boolean')) {
      wrong.searchParams.set(parameter.name, "1' OR '1'='1");
      cases.push({ name: `${key} query.${parameter.name} of the wrong type`, request: { ...base, url: wrong.pathname + wrong.search } });
    } else if (parameter.schema.maxLength !== undefined) {
      wrong.searchParams.set(parameter.name, 'x'.repeat(parameter.schema.maxLength + 1));
      cases.push({ name: `${key} query.${parameter.name} too long`, request: { ...base, url: wrong.pathname + wrong.search } });
    }
    if (parameter.required) {
      const missing = new URL(url);
      missing.searchParams.delete(parameter.name);
      cases.push({ name: `${key} query.${parameter.name} missing`, request: { ...base, url: missing.pathname + missing.search } });
    }
  }
  return cases;
}

/** Tables a read may fill (the history's call-back rows are derived from alerts on first read, and summarised on each alert). */
const derivedOnRead = new Set(['callbacks', 'history_sync']);
const withoutDerived = (tables: Record<string, string>) => Object.fromEntries(Object.entries(tables).filter(([name]) => !derivedOnRead.has(name)));

const translated = (key: string) => Object.prototype.hasOwnProperty.call(en, key);

describe('generated from the schemas', () => {
  it('answers 400 with a translated key to every wrong type, missing field and overlong string, and writes nothing', async (context) => {
    const cases: (Case & { authorization: string })[] = [];
    for (const row of permissionMatrix) {
      const key = rowKey(row);
      const operation = operations.get(key);
      // Authentication runs before validation: the responder API's probes carry a device token.
      const authorization = row.access === 'responder' ? responderAuth : admin;
      if (operation) cases.push(...casesOf(key, await matrixRequests[key].own(fx, 1), operation).map((entry) => ({ ...entry, authorization })));
    }
    const count = cases.length;
    const stamped = { responder_devices: 'last_seen_at' };
    const before = await fingerprint(stamped);
    const misses: string[] = [];
    const statuses = new Map<string, number>();
    for (const { name, request, authorization } of cases) {
      const response = await send(request, authorization);
      const family = `${String(response.statusCode)[0]}xx`;
      statuses.set(family, (statuses.get(family) ?? 0) + 1);
      const answer = String(response.headers['content-type'] ?? '').includes('json') ? (response.json() as { error?: boolean; msg?: string }) : {};
      if (response.statusCode !== 400 || answer.error !== true || !answer.msg || !translated(answer.msg)) misses.push(`${name}: ${response.statusCode} ${response.body.slice(0, 140)}`);
    }
    context.annotate(`${count} probes: ${[...statuses].map(([family, n]) => `${n} ${family}`).join(', ')}`);
    expect(misses).toEqual([]);
    expect(count).toBeGreaterThan(300);
    expect(await fingerprint(stamped)).toEqual(before);
  }, 600_000);

  it('refuses a body past the size limit with 413 and a key', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/services/backOffice/aed/getAllList',
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ filter: [], padding: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: true, msg: 'error.payload-too-large' });
  });

  it('takes no prototype from a body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/services/backOffice/aed/getAllList',
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: '{"filter":[],"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect([200, 400]).toContain(response.statusCode);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('injection in text fields', () => {
  const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
  const sql = "Robert'); DROP TABLE aeds; --";

  it('stores script and SQL in an AED as typed, shows them back unchanged as JSON, and keeps the table', async () => {
    const created = await send({ method: 'PATCH', url: '/services/backOffice/aed/patchAed/new', payload: { name: `${script} ${sql}`, lat: 45.781, lon: 3.087, address: sql, city: 'Clermont-Ferrand', country: 'FR', description: script } });
    expect(created.statusCode).toBe(200);
    const udid = created.json().data.udid as string;
    const read = await send({ url: `/services/backOffice/aed/getAed/${udid}` });
    expect(read.headers['content-type']).toContain('application/json');
    expect(read.json().data).toMatchObject({ name: `${script} ${sql}`, address: sql, description: script });
    const [{ count }] = await server.ctx.database.query<{ count: number }>('SELECT count(*)::int AS count FROM aeds');
    expect(count).toBeGreaterThan(0);
  });

  it('stores script and SQL in an alert address and its details as typed', async () => {
    const operator = await server.signIn('operator@vigil.test');
    const launched = await send({ method: 'POST', url: '/services/emergency/v2/alertLaunch', payload: { ...rodez, address: `${sql} ${script}`.slice(0, 200), addressInfo: script, alertType: 1 } }, operator);
    expect(launched.statusCode).toBe(200);
    const read = await send({ url: `/services/emergency/v2/alerts/${launched.json().data.alertId}` }, operator);
    expect(read.json().data).toMatchObject({ address: `${sql} ${script}`.slice(0, 200), addressInfo: script });
  });

  it('reads SQL in a search or filter as text: finds what holds it as typed, nothing else, and changes nothing', async () => {
    // An AED and an alert that hold the text, for the searches to find.
    const stored = await send({ method: 'PATCH', url: '/services/backOffice/aed/patchAed/new', payload: { name: `Cabinet ${sql}`, lat: 45.782, lon: 3.088, address: sql, city: 'Clermont-Ferrand', country: 'FR' } });
    expect(stored.statusCode).toBe(200);
    const launched = await send({ method: 'POST', url: '/services/emergency/v2/alertLaunch', payload: { ...rodez, address: sql, alertType: 1 } }, await server.signIn('operator@vigil.test'));
    expect(launched.statusCode).toBe(200);
    // A first plain read writes the call-backs the history derives from closed alerts (and their
    // summary on each alert): after it, a read changes nothing.
    expect((await send({ url: '/services/backoffice/alert/getAlertHistory' })).statusCode).toBe(200);
    // The alert launched sends its pushes after answering: delivered now, not in between.
    await pushDelivery(server.ctx).drain();
    const before = await fingerprint();
    const read = async (request: CellRequest) => {
      const response = await send(request);
      expect(response.statusCode, request.url).toBe(200);
      return response.json().data;
    };
    // No tester, responder or audit target holds the text.
    expect(await read({ url: `/services/backOffice/tester/search?filter=${encodeURIComponent(sql)}` })).toEqual([]);
    expect(await read({ url: `/services/backoffice/admin/notification/getNoCitizen?idSite=${fx.ownSite}&filter=${encodeURIComponent(sql)}` })).toEqual([]);
    expect((await read({ url: `/services/backoffice/audit/getAuditLog?target=${encodeURIComponent(sql)}` })).list).toEqual([]);
    // The alert and the AED that hold it are found, and only what holds it.
    const alerts = (await read({ url: `/services/backoffice/alert/getAlertHistory?address=${encodeURIComponent(sql)}&limit=100` })).list as { alertId: number; address: string }[];
    expect(alerts.map((alert) => alert.alertId)).toContain(launched.json().data.alertId);
    expect(alerts.filter((alert) => !alert.address.includes(sql))).toEqual([]);
    const aeds = await read({ method: 'POST', url: '/services/backOffice/aed/getAllList', payload: { filter: [{ type: 'ALL', value: sql }], limit: 500 } });
    expect(aeds.list.map((aed: { udid: string }) => aed.udid)).toContain(stored.json().data.udid);
    expect(aeds.list.filter((aed: { name: string; address: string }) => !`${aed.name} ${aed.address}`.includes(sql))).toEqual([]);
    expect(aeds.count.totalCount).toBe(aeds.list.length);
    expect(withoutDerived(await fingerprint())).toEqual(withoutDerived(before));
  });

  it('sends a Content-Security-Policy that allows no inline script, and nosniff', async () => {
    const response = await server.app.inject({ url: '/health' });
    const policy = response.headers['content-security-policy'] as string;
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('path traversal in file names', () => {
  it('never serves or touches a file outside the store', async () => {
    const before = await fingerprint();
    const attempts: CellRequest[] = [
      { url: '/services/backOffice/aed/getFile/..%2F..%2Fetc%2Fpasswd' },
      { url: '/services/backOffice/aed/getFile/..' },
      { method: 'PATCH', url: '/services/backOffice/file/rotatePicture/..%2F..%2F..%2Fetc%2Fpasswd?degrees=90' },
      { method: 'PATCH', url: '/services/backOffice/file/rotatePicture/..%5C..%5Cconfig.json?degrees=90&path=../../' },
      { method: 'DELETE', url: '/services/backOffice/aed/pictures/..%2F..%2F/..%2F..%2Fvigil.db' },
      { method: 'DELETE', url: '/services/backOffice/aed/pictures/../../etc' },
    ];
    for (const attempt of attempts) {
      const response = await send(attempt);
      expect([400, 404], attempt.url).toContain(response.statusCode);
      expect(response.body).not.toContain('root:');
      expect(translated(response.json().msg), `${attempt.url}: ${response.body}`).toBe(true);
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('keeps an uploaded import file inside the data folder whatever its name says', async () => {
    const boundary = 'vigilhostile';
    const csv = 'Nom;Adresse;Ville;Latitude;Longitude\r\nMairie;1 place de Jaude;Clermont-Ferrand;45.7797;3.0863\r\n';
    const response = await send({
      method: 'POST',
      url: '/services/backoffice/aedImport/importFile',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../../../tmp/evil.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect([200, 400, 422]).toContain(response.statusCode);
    const stored = await server.ctx.database.query<Record<string, unknown>>('SELECT * FROM import_files');
    expect(JSON.stringify(stored)).not.toMatch(/\.\.\//);
  });
});

describe('tokens', () => {
  const staffRows = () => permissionMatrix.filter((row) => row.access !== 'public' && row.access !== 'responder');

  it('answers 401 with a key to a forged, expired, unsigned or truncated token on every staff endpoint', async (context) => {
    const [user] = await server.ctx.database.query<{ id: number; site_id: number }>("SELECT id, site_id FROM users WHERE email = 'admin@vigil.test'");
    const expired = await server.ctx.tokens.sign({ userId: user.id, idGroup: 1, siteId: user.site_id, tokenVersion: 0 }, -10);
    const [header, claims] = admin.replace('JWT ', '').split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${claims}.`;
    const otherKey = `${header}.${claims}.${Buffer.from('a forged signature that is long enough').toString('base64url')}`;
    const tokens = [`JWT ${expired}`, `JWT ${unsigned}`, `JWT ${otherKey}`, admin.slice(0, -5), 'JWT', 'Bearer x.y.z'];
    const requests = [];
    for (const row of staffRows()) requests.push({ row, request: await matrixRequests[rowKey(row)].own(fx, 1) });
    const before = await fingerprint();
    const misses: string[] = [];
    const statuses = new Map<string, number>();
    for (const { row, request } of requests) {
      for (const token of tokens) {
        const response = await send(request, token);
        const family = `${String(response.statusCode)[0]}xx`;
        statuses.set(family, (statuses.get(family) ?? 0) + 1);
        if (response.statusCode !== 401 || response.json().msg !== 'error.auth.invalid-token') misses.push(`${rowKey(row)} with ${token.slice(0, 12)}…: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    context.annotate(`${requests.length * tokens.length} probes: ${[...statuses].map(([family, n]) => `${n} ${family}`).join(', ')}`);
    expect(misses).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 300_000);

  it('renews a password once: a replayed renewal token is refused and changes nothing', async () => {
    const sdis63 = await accountIdOf(server, 'SDIS 63');
    const earlier = new Set(existsSync(join(server.dataDir, 'mail')) ? readdirSync(join(server.dataDir, 'mail')).filter((name) => name.endsWith('.json')).map((name) => readFileSync(join(server.dataDir, 'mail', name), 'utf8')) : []);
    expect((await send({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'aed-editor@vigil.test', idSite: sdis63 } })).statusCode).toBe(200);
    // The mail leaves after the answer (which tells nothing of the address): wait for it.
    const mail = await newestMail(server.dataDir, (record) => !earlier.has(record) && record.includes('renew-password?token='));
    const link = /token=([A-Za-z0-9_-]+)[^"\s]*?(?:&|&amp;|\\u0026)(?:idUser|id)=(\d+)/.exec(mail) ?? /(?:idUser|id)=(\d+)[^"\s]*?(?:&|&amp;|\\u0026)token=([A-Za-z0-9_-]+)/.exec(mail);
    expect(link).not.toBeNull();
    const [token, idUser] = link![0].startsWith('token') ? [link![1], Number(link![2])] : [link![2], Number(link![1])];
    const renew = { token, idUser, password: 'Renewed-Hostile-2026!' };
    expect((await send({ method: 'POST', url: '/services/backoffice/password/renew', payload: renew })).statusCode).toBe(200);
    const before = await fingerprint();
    const replay = await send({ method: 'POST', url: '/services/backoffice/password/renew', payload: { ...renew, password: 'Replayed-Hostile-2026!' } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('error.auth.token-not-found');
    expect(await fingerprint()).toEqual(before);
  });
});
