import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedCalls, notAudited } from '../../contract/audit.actions';
import type { AuditEntry } from '../../contract/audit.schemas';
import { permissionMatrix, rowKey } from '../../contract/permissions.matrix';
import { startTestServer, type TestServer } from './harness';
import { accountIdOf, insertAlert, newAccount, rodez, userIdOf } from './history-fixtures';

/** The audit log: one row per staff call that changed data, read by super administrators only. */

const log = '/services/backoffice/audit/getAuditLog';
let server: TestServer;
let admin: string;
let operator: string;
let editor: string;
let sdis63: number;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  admin = await server.signIn('admin@vigil.test');
  operator = await server.signIn('operator@vigil.test');
  editor = await server.signIn('aed-editor@vigil.test');
  sdis63 = await accountIdOf(server, 'SDIS 63');
});
afterAll(async () => server?.close());

async function call(auth: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await server.app.inject({ method, url, payload: payload as object | undefined, headers: auth ? { authorization: auth } : {} });
  return { status: response.statusCode, body: response.json() };
}

async function entries(query = ''): Promise<AuditEntry[]> {
  const { status, body } = await call(admin, 'GET', `${log}?limit=200${query}`);
  expect(status).toBe(200);
  return body.data.list;
}

async function newAed(site: number): Promise<string> {
  const [row] = await server.ctx.database.query<{ udid: string }>(
    "INSERT INTO aeds (id_site, name, address, city, lat, lon, status) VALUES ($1, 'Audit AED', '1 place de Jaude', 'Clermont-Ferrand', 45.78, 3.09, 'available') RETURNING udid",
    [site],
  );
  return row.udid;
}

describe('which calls are audited', () => {
  it('names an action, or a reason not to, for every call that is not a read, and only for real calls', () => {
    const writes = permissionMatrix.filter((row) => row.method !== 'GET').map(rowKey);
    const listed = [...Object.keys(auditedCalls), ...Object.keys(notAudited)];
    expect(writes.filter((key) => !listed.includes(key)), 'calls that change data with no audit action').toEqual([]);
    // A read may be audited too (the third-party account switch hands out a session), but only a real call.
    const calls = permissionMatrix.map(rowKey);
    expect(listed.filter((key) => !calls.includes(key)), 'audit entries for calls that do not exist').toEqual([]);
    expect(listed.filter((key) => !writes.includes(key)), 'audited reads').toEqual(['GET /services/backOffice/account/thirdAccess/switch']);
  });
});

describe('the audit log', () => {
  it('records alert launch, update and close with who, what and when', async () => {
    const before = Date.now();
    const launched = await call(operator, 'POST', '/services/emergency/v2/alertLaunch', { ...rodez, address: '1 place de la Cité, 12000 Rodez', alertType: 1 });
    expect(launched.status).toBe(200);
    const alertId = String(launched.body.data.alertId);
    expect((await call(operator, 'POST', `/services/emergency/v2/alert/${alertId}`, { ...rodez, address: '2 place de la Cité, 12000 Rodez' })).status).toBe(200);
    expect((await call(operator, 'POST', '/services/emergency/v2/alertClose', { alertId: Number(alertId) })).status).toBe(200);

    const rows = (await entries(`&target=${alertId}`)).reverse();
    expect(rows.map((row) => row.action)).toEqual(['alert.launch', 'alert.update', 'alert.close']);
    const operatorId = await userIdOf(server, 'operator@vigil.test');
    for (const row of rows) {
      expect(row).toMatchObject({ userId: operatorId, userEmail: 'operator@vigil.test', idGroup: 5, siteId: sdis63, status: 200 });
      expect(new Date(row.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(rows[0].details).toMatchObject({ alertType: 1 });
  });

  it('records AED changes and keeps no row for a refused or failed call', async () => {
    const udid = await newAed(sdis63);
    expect((await call(editor, 'PATCH', '/services/backOffice/aed/softDelete', { udid })).status).toBe(200);
    expect((await call(editor, 'PATCH', '/services/backOffice/aed/restoreAed', { udid })).status).toBe(200);
    // A second restore is illegal (409), and an operator may not import (403): neither is logged.
    expect((await call(editor, 'PATCH', '/services/backOffice/aed/restoreAed', { udid })).status).toBe(409);
    expect((await call(operator, 'POST', '/services/backoffice/aedImport/processImport', { idImport: 1 })).status).toBe(403);
    const rows = await entries(`&target=${udid}`);
    expect(rows.map((row) => row.action).reverse()).toEqual(['aed.softDelete', 'aed.restore']);
    expect(rows.every((row) => row.userEmail === 'aed-editor@vigil.test')).toBe(true);
    expect(await entries('&action=import.process')).toEqual([]);
  });

  it('records validations, notifications and password changes without their secrets', async () => {
    await call(admin, 'PATCH', '/services/backoffice/firstResponder/patchDataValidationResponder', { status: 'activated', ids: [999_999] });
    const posted = await call(admin, 'POST', '/services/backoffice/admin/notification/postAdminNotification', {
      idSite: sdis63, osDevice: 'all', sendingType: 'multiple', fakeBatch: 1, messageType: 'information', language: 'fr', title: 'Audit', message: 'A draft', distribution: 'programmed',
      programmedAt: new Date(Date.now() + 86_400_000).toISOString(), draft: true,
    });
    expect(posted.status).toBe(200);
    const [notification] = await entries('&action=notification.post');
    expect(notification).toMatchObject({ userEmail: 'admin@vigil.test', target: String(posted.body.data.id), details: { idSite: sdis63, distribution: 'programmed', draft: true } });
    expect(await entries('&action=responder.validate')).toEqual([]); // the unknown id was refused (404)

    const newcomer = await server.signIn('newcomer@vigil.test');
    expect((await call(newcomer, 'POST', '/services/backoffice/user/updtPwd', { password: 'Another-Demo-2026!' })).status).toBe(200);
    const [changed] = await entries('&action=account.password');
    expect(changed).toMatchObject({ userEmail: 'newcomer@vigil.test', idGroup: 100001, details: {} });
    expect(JSON.stringify(changed)).not.toContain('Another-Demo');
  });

  it('pages and filters newest first, by action, user, target and day', async () => {
    const udids = [await newAed(sdis63), await newAed(sdis63), await newAed(sdis63)];
    for (const udid of udids) await call(editor, 'PATCH', '/services/backOffice/aed/softDelete', { udid });
    const editorId = await userIdOf(server, 'aed-editor@vigil.test');
    const first = await call(admin, 'GET', `${log}?action=aed.softDelete&userId=${editorId}&page=1&limit=2`);
    const second = await call(admin, 'GET', `${log}?action=aed.softDelete&userId=${editorId}&page=2&limit=2`);
    expect(first.body.data.count).toBe(second.body.data.count);
    expect(first.body.data.list.map((row: AuditEntry) => row.target)).toEqual([udids[2], udids[1]]);
    expect(second.body.data.list[0].target).toBe(udids[0]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(admin, 'GET', `${log}?action=aed.softDelete&startDate=2000-01-01&endDate=2000-01-02`)).body.data.count).toBe(0);
    expect((await call(admin, 'GET', `${log}?action=aed.softDelete&startDate=${today}`)).body.data.count).toBeGreaterThanOrEqual(3);
  });

  it('is read by super administrators only, within their accounts', async () => {
    expect((await call(operator, 'GET', log)).status).toBe(403);
    expect((await call(await server.signIn('referent@vigil.test'), 'GET', log)).status).toBe(403);
    expect((await call(undefined, 'GET', log)).status).toBe(401);
    // An action on an account outside the admin's subtree is not shown, and that account cannot be asked for.
    const elsewhere = (await server.ctx.database.query<{ id: number }>("INSERT INTO accounts (name, kind, country) VALUES ('Audit — elsewhere', 'internal', 'FR') RETURNING id"))[0].id;
    await server.ctx.database.query("INSERT INTO audit_log (site_id, action, target, method, url, status) VALUES ($1, 'alert.launch', 'elsewhere-1', 'POST', '/x', 200)", [elsewhere]);
    expect(await entries('&target=elsewhere-1')).toEqual([]);
    expect((await call(admin, 'GET', `${log}?selectedSite=${elsewhere}`)).status).toBe(403);
    const child = await newAccount(server, 'Audit — child site');
    await server.ctx.database.query("INSERT INTO audit_log (site_id, action, target, method, url, status) VALUES ($1, 'alert.launch', 'child-1', 'POST', '/x', 200)", [child]);
    expect((await entries(`&selectedSite=${child}`)).map((row) => row.target)).toEqual(['child-1']);
  });

  it('keeps script and SQL in what it shows as plain data', async () => {
    const { alertId } = await insertAlert(server, { idSite: sdis63, createdAt: new Date(), closedAt: null });
    const hostile = "<script>alert(1)</script>'; DROP TABLE audit_log; --";
    const response = await call(admin, 'GET', `${log}?target=${encodeURIComponent(hostile)}&action=${encodeURIComponent(hostile.slice(0, 60))}`);
    expect(response.status).toBe(200);
    expect(response.body.data.count).toBe(0);
    expect((await call(operator, 'POST', '/services/emergency/v2/alertClose', { alertId })).status).toBe(200);
    expect((await entries(`&target=${alertId}`)).map((row) => row.action)).toEqual(['alert.close']);
  });
});
