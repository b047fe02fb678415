import { randomUUID } from 'node:crypto';
import type { MatrixGroup } from '../../contract/permissions.matrix';
import type { TestServer } from './harness';
import { demoPassword } from '../../server/src/db/seed/accounts';
import { accountIdOf, daysAgo, insertAlert, newResponder, rodez } from './history-fixtures';

/**
 * The request behind each cell of contract/permissions.matrix.ts: one that passes validation, so
 * the answer is the permission's and the account's, on the caller's own account ("own") and on an
 * account nobody in the test may see ("other"). Calls that change data get fresh rows per cell.
 */
export interface CellRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

type Build = (fx: MatrixFixtures, group: MatrixGroup) => CellRequest | Promise<CellRequest>;

/** Rows the requests of a cell are made of. */
export interface MatrixFixtures {
  ownSite: number;
  otherSite: number;
  aed(site: number, options?: { deleted?: boolean }): Promise<{ id: number; udid: string }>;
  openAlert(site: number): Promise<number>;
  /** A closed alert with one responder who set off: the request id of the call-back form. */
  departure(site: number): Promise<{ alertId: number; requestId: number }>;
  /** A stored simulation run of the account (queued; the matrix reads it, never runs it). */
  simulationRun(site: number): Promise<number>;
}

export async function matrixFixtures(server: TestServer): Promise<MatrixFixtures> {
  const db = server.ctx.database;
  const ownSite = await accountIdOf(server, 'SDIS 63');
  const [other] = await db.query<{ id: number }>("INSERT INTO accounts (name, kind, country) VALUES ('Matrix — another service', 'internal', 'FR') RETURNING id");
  const responders = new Map<number, number>();
  const responderOf = async (site: number) => {
    if (!responders.has(site)) responders.set(site, await newResponder(server, { idSite: site }));
    return responders.get(site)!;
  };
  return {
    ownSite,
    otherSite: other.id,
    async aed(site, options = {}) {
      const [row] = await db.query<{ id: number; udid: string }>(
        `INSERT INTO aeds (id_site, name, address, city, lat, lon, status, status_before_delete, deleted_at)
         VALUES ($1, $2, '1 place de Jaude', 'Clermont-Ferrand', $3, $4, $5, $6, $7) RETURNING id, udid`,
        [site, `Matrix AED ${randomUUID().slice(0, 8)}`, 45.7797 + Math.random() * 0.01, 3.0863 + Math.random() * 0.01, options.deleted ? 'deleted' : 'available', options.deleted ? 'available' : null, options.deleted ? new Date() : null],
      );
      return row;
    },
    async openAlert(site) {
      return (await insertAlert(server, { idSite: site, createdAt: new Date(Date.now() - 120_000), closedAt: null })).alertId;
    },
    async departure(site) {
      const responderId = await responderOf(site);
      const { alertId, requestIds } = await insertAlert(server, { idSite: site, createdAt: daysAgo(2), requests: [{ responderId, statuses: ['dispatched', 'onTheWayVictim', 'onSiteVictim'] }] });
      return { alertId, requestId: requestIds[0] };
    },
    async simulationRun(site) {
      const params = { ...simulationBody, seed: 1, accountIds: [site], current: simulationBody.proposed };
      const [row] = await db.query<{ id: number }>(`INSERT INTO simulation_runs (account_id, params) VALUES ($1, $2::jsonb) RETURNING id`, [site, JSON.stringify(params)]);
      return row.id;
    },
  };
}

const sa = '/services/backOffice';
const sb = '/services/backoffice';
const em = '/services/emergency/v2';
const rp = '/services/responder/v1';
const at = { lat: 45.7797, lon: 3.0863 };
const get = (url: string): Build => () => ({ url });
const post = (url: string, payload: unknown = {}, method: CellRequest['method'] = 'POST'): Build => () => ({ method, url, payload });
const bySite = (url: string, name = 'selectedSite'): { own: Build; other: Build } => ({
  own: (fx) => ({ url: `${url}${url.includes('?') ? '&' : '?'}${name}=${fx.ownSite}` }),
  other: (fx) => ({ url: `${url}${url.includes('?') ? '&' : '?'}${name}=${fx.otherSite}` }),
});
const csv = 'Nom;Adresse;Ville;Latitude;Longitude\r\nMairie;1 place de Jaude;Clermont-Ferrand;45.7797;3.0863\r\n';
const csvUpload = (): CellRequest => {
  const boundary = 'vigilmatrix';
  return {
    method: 'POST',
    url: `${sb}/aedImport/importFile`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="aeds.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  };
};
const indicator = (name: string) => bySite(`${sb}/indicators/${name}?area=63`);
const simulationBody = {
  startDate: '2026-01-01',
  endDate: '2026-01-02',
  proposed: { radiusKm: 0.6, maxSelected: 200, directResponders: 2, aedRunners: 3, aedRadiusKm: 1, escalation: { enabled: false, minAccepted: 2, afterSeconds: 60, stepKm: 0.2, maxKm: 1 } },
};
const alertBody = { ...at, address: '1 place de Jaude, 63000 Clermont-Ferrand', alertType: 1 };

/** One entry per row of the matrix, keyed `METHOD /path`. */
export const matrixRequests: Record<string, { own: Build; other?: Build }> = {
  'GET /health': { own: get('/health') },
  'GET /api/docs': { own: get('/api/docs') },
  'GET /api/docs/': { own: get('/api/docs/') },
  'GET /api/docs/json': { own: get('/api/docs/json') },
  'GET /api/docs/yaml': { own: get('/api/docs/yaml') },
  'GET /api/docs/static/index.html': { own: get('/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': { own: get('/api/docs/static/swagger-initializer.js') },
  'GET /api/docs/*': { own: get('/api/docs/static/no-such-asset.js') },
  'GET /services/ws': { own: get('/services/ws') },

  [`POST ${sa}/signin/`]: { own: post(`${sa}/signin/`, { username: 'nobody@vigil.test', password: 'Not-The-Password-1!' }) },
  [`GET ${sa}/signin/getExtraInfos`]: { own: get(`${sa}/signin/getExtraInfos?origin=http://localhost:3000`) },
  [`GET ${sa}/signin/oidc/start`]: { own: get(`${sa}/signin/oidc/start`) },
  [`GET ${sa}/signin/oidc/callback`]: { own: get(`${sa}/signin/oidc/callback?code=x&state=y`) },
  [`POST ${sb}/user/updtPwd`]: { own: post(`${sb}/user/updtPwd`, { password: demoPassword, currentPassword: demoPassword }) },
  [`POST ${sb}/user/logout`]: { own: post(`${sb}/user/logout`, {}) },
  [`POST ${sb}/password/forgot`]: { own: post(`${sb}/password/forgot`, { email: 'nobody@example.org', baseUrl: 'http://localhost:3000' }) },
  [`POST ${sb}/password/verifyToken`]: { own: post(`${sb}/password/verifyToken`, { token: 'a'.repeat(64), idUser: 1 }) },
  [`POST ${sb}/password/renew`]: { own: post(`${sb}/password/renew`, { token: 'a'.repeat(64), idUser: 1, password: 'A-Good-Password-2026!' }) },
  [`GET ${sa}/account/thirdAccess`]: { own: get(`${sa}/account/thirdAccess`) },
  [`GET ${sa}/account/thirdAccess/switch`]: bySite(`${sa}/account/thirdAccess/switch`, 'idAccount'),
  [`GET ${sa}/account/accountList/getAccountList`]: { own: get(`${sa}/account/accountList/getAccountList`) },
  [`POST ${sa}/account/accountList/getSelectAccountList`]: { own: post(`${sa}/account/accountList/getSelectAccountList`, { withChild: true }) },
  [`GET ${sa}/account/accountList/getAccountListWithAEDCount`]: { own: get(`${sa}/account/accountList/getAccountListWithAEDCount`) },

  [`GET ${em}/options`]: { own: get(`${em}/options`) },
  [`PUT ${em}/alertSettingUp`]: { own: post(`${em}/alertSettingUp`, alertBody, 'PUT'), other: (fx) => ({ method: 'PUT', url: `${em}/alertSettingUp`, payload: { ...alertBody, idSite: fx.otherSite } }) },
  [`POST ${em}/alertLaunch`]: { own: post(`${em}/alertLaunch`, alertBody), other: (fx) => ({ method: 'POST', url: `${em}/alertLaunch`, payload: { ...alertBody, idSite: fx.otherSite } }) },
  [`GET ${em}/alerts`]: { own: get(`${em}/alerts?close=0&status=2`), other: (fx) => ({ url: `${em}/alerts?idSite=${fx.otherSite}` }) },
  [`GET ${em}/alerts/:alertId`]: {
    own: async (fx) => ({ url: `${em}/alerts/${await fx.openAlert(fx.ownSite)}` }),
    other: async (fx) => ({ url: `${em}/alerts/${await fx.openAlert(fx.otherSite)}` }),
  },
  [`POST ${em}/alert/:alertId`]: {
    own: async (fx) => ({ method: 'POST', url: `${em}/alert/${await fx.openAlert(fx.ownSite)}`, payload: { ...rodez, address: '2 place de la Cité, 12000 Rodez' } }),
    other: async (fx) => ({ method: 'POST', url: `${em}/alert/${await fx.openAlert(fx.otherSite)}`, payload: { ...rodez, address: '2 place de la Cité, 12000 Rodez' } }),
  },
  [`GET ${em}/citizenRespondersOnCall`]: {
    own: async (fx) => ({ url: `${em}/citizenRespondersOnCall?lang=fr&alertId=${await fx.openAlert(fx.ownSite)}` }),
    other: async (fx) => ({ url: `${em}/citizenRespondersOnCall?lang=fr&alertId=${await fx.openAlert(fx.otherSite)}` }),
  },
  [`POST ${em}/alertClose`]: {
    own: async (fx) => ({ method: 'POST', url: `${em}/alertClose`, payload: { alertId: await fx.openAlert(fx.ownSite) } }),
    other: async (fx) => ({ method: 'POST', url: `${em}/alertClose`, payload: { alertId: await fx.openAlert(fx.otherSite) } }),
  },
  ...Object.fromEntries(
    (['stop', 'start'] as const).map((action) => [
      `POST ${em}/${action}CitizenResponder`,
      {
        own: async (fx: MatrixFixtures) => ({ method: 'POST' as const, url: `${em}/${action}CitizenResponder`, payload: { alertId: await fx.openAlert(fx.ownSite), id: 999_999 } }),
        other: async (fx: MatrixFixtures) => ({ method: 'POST' as const, url: `${em}/${action}CitizenResponder`, payload: { alertId: await fx.openAlert(fx.otherSite), id: 999_999 } }),
      },
    ]),
  ),

  [`GET ${sb}/alert/getAlertHistory`]: bySite(`${sb}/alert/getAlertHistory?page=1&limit=20`),
  [`GET ${sb}/alert/getAlertChronology/:alertId`]: {
    own: async (fx) => ({ url: `${sb}/alert/getAlertChronology/${(await fx.departure(fx.ownSite)).alertId}` }),
    other: async (fx) => ({ url: `${sb}/alert/getAlertChronology/${(await fx.departure(fx.otherSite)).alertId}` }),
  },
  [`POST ${sb}/alert/exportAlertHistory`]: {
    own: (fx) => ({ method: 'POST', url: `${sb}/alert/exportAlertHistory`, payload: { type: 'xlsx', selectedSite: fx.ownSite } }),
    other: (fx) => ({ method: 'POST', url: `${sb}/alert/exportAlertHistory`, payload: { type: 'xlsx', selectedSite: fx.otherSite } }),
  },
  [`GET ${sb}/alert/getCallActions`]: bySite(`${sb}/alert/getCallActions`),
  [`GET ${sb}/alert/citizenAlertForm/:id`]: {
    own: async (fx) => ({ url: `${sb}/alert/citizenAlertForm/${(await fx.departure(fx.ownSite)).requestId}` }),
    other: async (fx) => ({ url: `${sb}/alert/citizenAlertForm/${(await fx.departure(fx.otherSite)).requestId}` }),
  },
  [`POST ${sb}/alert/citizenAlertForm/:id`]: {
    own: async (fx) => ({ method: 'POST', url: `${sb}/alert/citizenAlertForm/${(await fx.departure(fx.ownSite)).requestId}`, payload: { draftId: randomUUID(), outcome: 'noAnswer' } }),
    other: async (fx) => ({ method: 'POST', url: `${sb}/alert/citizenAlertForm/${(await fx.departure(fx.otherSite)).requestId}`, payload: { draftId: randomUUID(), outcome: 'noAnswer' } }),
  },
  [`GET ${sb}/alert/getStatsReferentDashboard`]: bySite(`${sb}/alert/getStatsReferentDashboard`),
  [`GET ${sb}/dashboard/getAccountStats`]: bySite(`${sb}/dashboard/getAccountStats`),
  ...Object.fromEntries(
    ['aedsHeatmap', 'respondersHeatmap', 'alertsGrowth', 'respondersGrowth', 'alertsRateRanking', 'respondersRateRanking', 'alertsType', 'respondersSkills', 'lookLast24', 'alertsSummary'].map((name) => [
      `GET ${sb}/indicators/${name}`,
      indicator(name),
    ]),
  ),

  [`POST ${sb}/simulations`]: {
    own: (fx) => ({ method: 'POST', url: `${sb}/simulations`, payload: { ...simulationBody, selectedSite: fx.ownSite } }),
    other: (fx) => ({ method: 'POST', url: `${sb}/simulations`, payload: { ...simulationBody, selectedSite: fx.otherSite } }),
  },
  [`GET ${sb}/simulations`]: { own: get(`${sb}/simulations`) },
  [`GET ${sb}/simulations/:runId`]: {
    own: async (fx) => ({ url: `${sb}/simulations/${await fx.simulationRun(fx.ownSite)}` }),
    other: async (fx) => ({ url: `${sb}/simulations/${await fx.simulationRun(fx.otherSite)}` }),
  },

  [`POST ${sa}/aed/getAllList`]: { own: post(`${sa}/aed/getAllList`, { filter: [], page: 1 }) },
  [`POST ${sa}/aed/getAedsMap`]: { own: post(`${sa}/aed/getAedsMap`, { filter: [], bbox: { north: 46, south: 45.5, east: 3.3, west: 2.9 }, zoom: 12 }) },
  [`POST ${sa}/aed/export`]: { own: post(`${sa}/aed/export`, { filter: [] }) },
  [`POST ${sa}/aed/exportGeoDae`]: {
    own: (fx) => ({ method: 'POST', url: `${sa}/aed/exportGeoDae`, payload: { filter: [], idSelected: fx.ownSite } }),
    other: (fx) => ({ method: 'POST', url: `${sa}/aed/exportGeoDae`, payload: { filter: [], idSelected: fx.otherSite } }),
  },
  [`POST ${sa}/aed/exportOsm`]: {
    own: (fx) => ({ method: 'POST', url: `${sa}/aed/exportOsm`, payload: { filter: [], idSelected: fx.ownSite } }),
    other: (fx) => ({ method: 'POST', url: `${sa}/aed/exportOsm`, payload: { filter: [], idSelected: fx.otherSite } }),
  },
  [`GET ${sa}/option/getOptionsModules`]: { own: get(`${sa}/option/getOptionsModules?lang=fr&module=aed`) },
  [`GET ${sa}/aed/getAed/:id`]: {
    own: async (fx) => ({ url: `${sa}/aed/getAed/${(await fx.aed(fx.ownSite)).udid}` }),
    other: async (fx) => ({ url: `${sa}/aed/getAed/${(await fx.aed(fx.otherSite)).udid}` }),
  },
  [`PATCH ${sa}/aed/patchAed/:udid`]: {
    own: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/patchAed/${(await fx.aed(fx.ownSite)).udid}`, payload: { name: `Renamed by the matrix ${randomUUID()}` } }),
    other: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/patchAed/${(await fx.aed(fx.otherSite)).udid}`, payload: { name: `Renamed by the matrix ${randomUUID()}` } }),
  },
  [`PATCH ${sa}/aed/bulkHours`]: {
    own: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/bulkHours`, payload: { udids: [(await fx.aed(fx.ownSite)).udid], alwaysOpened: true } }),
    other: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/bulkHours`, payload: { udids: [(await fx.aed(fx.otherSite)).udid], alwaysOpened: true } }),
  },
  [`PATCH ${sa}/aed/softDelete`]: {
    own: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/softDelete`, payload: { udid: (await fx.aed(fx.ownSite)).udid } }),
    other: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/softDelete`, payload: { udid: (await fx.aed(fx.otherSite)).udid } }),
  },
  [`PATCH ${sa}/aed/restoreAed`]: {
    own: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/restoreAed`, payload: { udid: (await fx.aed(fx.ownSite, { deleted: true })).udid } }),
    other: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/restoreAed`, payload: { udid: (await fx.aed(fx.otherSite, { deleted: true })).udid } }),
  },
  [`DELETE ${sa}/aed/contact/:id`]: { own: post(`${sa}/aed/contact/999999`, undefined, 'DELETE') },
  [`GET ${sa}/aed/getFile/:id`]: { own: get(`${sa}/aed/getFile/999999`) },
  [`PATCH ${sa}/file/rotatePicture/:fileName`]: { own: post(`${sa}/file/rotatePicture/${randomUUID()}.jpg?degrees=90`, undefined, 'PATCH') },
  [`DELETE ${sa}/aed/pictures/:a/:b`]: { own: post(`${sa}/aed/pictures/${randomUUID()}/${randomUUID()}.jpg`, undefined, 'DELETE') },
  [`POST ${sa}/aed/reportProblem`]: {
    own: async (fx) => ({ method: 'POST', url: `${sa}/aed/reportProblem`, payload: { idData: (await fx.aed(fx.ownSite)).udid, problem: 1 } }),
    other: async (fx) => ({ method: 'POST', url: `${sa}/aed/reportProblem`, payload: { idData: (await fx.aed(fx.otherSite)).udid, problem: 1 } }),
  },
  [`DELETE ${sa}/aed/reportDone/:id`]: { own: post(`${sa}/aed/reportDone/999999`, undefined, 'DELETE') },
  [`DELETE ${sa}/aed/onGoingReport/:id`]: { own: post(`${sa}/aed/onGoingReport/999999`, undefined, 'DELETE') },
  [`GET ${sa}/aed/onGoingReport/email-template`]: { own: get(`${sa}/aed/onGoingReport/email-template?lang=fr&type=1`) },
  [`PATCH ${sa}/aed/onGoingReport/resolve/:id`]: { own: post(`${sa}/aed/onGoingReport/resolve/999999`, { sendEmail: false }, 'PATCH') },
  [`PATCH ${sa}/aed/onGoingReport/soluble/:id`]: { own: post(`${sa}/aed/onGoingReport/soluble/999999`, undefined, 'PATCH') },
  [`POST ${sa}/email/sendMailForReportAed`]: { own: post(`${sa}/email/sendMailForReportAed`, { idReport: 999_999 }) },
  [`GET ${sa}/aed/potentialDuplicateAed`]: {
    own: async (fx) => ({ url: `${sa}/aed/potentialDuplicateAed?udid=${(await fx.aed(fx.ownSite)).udid}` }),
    other: async (fx) => ({ url: `${sa}/aed/potentialDuplicateAed?udid=${(await fx.aed(fx.otherSite)).udid}` }),
  },
  [`PATCH ${sa}/aed/linkGeoDaeToSA`]: {
    own: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/linkGeoDaeToSA`, payload: { udid: (await fx.aed(fx.ownSite)).udid, geoDaeUdid: randomUUID() } }),
    other: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/linkGeoDaeToSA`, payload: { udid: (await fx.aed(fx.otherSite)).udid, geoDaeUdid: randomUUID() } }),
  },
  [`GET ${sa}/aed/aedsMergeInfo`]: {
    own: async (fx) => ({ url: `${sa}/aed/aedsMergeInfo?compareUdid=${(await fx.aed(fx.ownSite)).udid}&preferredUdid=${(await fx.aed(fx.ownSite)).udid}` }),
    other: async (fx) => ({ url: `${sa}/aed/aedsMergeInfo?compareUdid=${(await fx.aed(fx.otherSite)).udid}&preferredUdid=${(await fx.aed(fx.ownSite)).udid}` }),
  },
  [`PATCH ${sa}/aed/aedMerge`]: {
    own: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/aedMerge`, payload: { preferredUdid: (await fx.aed(fx.ownSite)).udid, mergedUdids: [(await fx.aed(fx.ownSite)).udid], confirmEmpty: true } }),
    other: async (fx) => ({ method: 'PATCH', url: `${sa}/aed/aedMerge`, payload: { preferredUdid: (await fx.aed(fx.ownSite)).udid, mergedUdids: [(await fx.aed(fx.otherSite)).udid], confirmEmpty: true } }),
  },
  [`GET ${sa}/aed/geoCoding`]: { own: get(`${sa}/aed/geoCoding?address=${encodeURIComponent('place de Jaude')}&city=Clermont-Ferrand&zipCode=63000&countryCode=FR`) },
  [`GET ${sa}/aed/reverseGeoCoding`]: { own: get(`${sa}/aed/reverseGeoCoding?lat=${at.lat}&lon=${at.lon}&country=FR`) },
  [`GET ${sa}/aed/coordinatesCheck`]: { own: get(`${sa}/aed/coordinatesCheck?lat=${at.lon}&lon=${at.lat}&country=FR`) },
  [`GET ${sa}/country/`]: { own: get(`${sa}/country/?lang=fr`) },

  [`POST ${sb}/aedImport/importFile`]: { own: () => csvUpload() },
  [`POST ${sb}/aedImport/createImport`]: {
    own: (fx) => ({ method: 'POST', url: `${sb}/aedImport/createImport`, payload: { idSite: fx.ownSite, name: 'Matrix', fileName: randomUUID() } }),
    other: (fx) => ({ method: 'POST', url: `${sb}/aedImport/createImport`, payload: { idSite: fx.otherSite, name: 'Matrix', fileName: randomUUID() } }),
  },
  [`POST ${sb}/aedImport/mappings`]: { own: post(`${sb}/aedImport/mappings`, { idImport: 999_999, fieldMapConfig: [{ key: 'A', column: 'Nom', field: 'l_name', primaryKey: false }] }) },
  [`POST ${sb}/aedImport/processImport`]: { own: post(`${sb}/aedImport/processImport`, { idImport: 999_999 }) },
  [`POST ${sb}/aedImport/pauseImport`]: { own: post(`${sb}/aedImport/pauseImport`, { idImport: 999_999 }) },
  [`POST ${sb}/aedImport/resumeImport`]: { own: post(`${sb}/aedImport/resumeImport`, { idImport: 999_999 }) },
  [`POST ${sb}/aedImport/processByRow`]: { own: post(`${sb}/aedImport/processByRow`, { idImport: 999_999, row: 1 }) },
  [`POST ${sb}/aedImport/exportAed`]: { own: post(`${sb}/aedImport/exportAed`, { idImport: 999_999 }) },
  [`GET ${sb}/aedImport/getImport/:idImport`]: { own: get(`${sb}/aedImport/getImport/999999`) },
  [`GET ${sb}/aedImport/getImports`]: bySite(`${sb}/aedImport/getImports`, 'idSite'),
  [`GET ${sb}/aedImport/getRows`]: { own: get(`${sb}/aedImport/getRows?idImport=999999`) },
  [`POST ${sb}/aedImport/presets`]: {
    own: (fx) => ({ method: 'POST', url: `${sb}/aedImport/presets`, payload: { idSite: fx.ownSite, name: 'Matrix', idImport: 999_999, fieldMapConfig: [{ key: 'A1', column: 'Nom', field: 'l_name', primaryKey: true }] } }),
  },
  [`GET ${sb}/aedImport/presets`]: bySite(`${sb}/aedImport/presets`, 'idSite'),
  [`DELETE ${sb}/aedImport/presets/:id`]: { own: () => ({ method: 'DELETE', url: `${sb}/aedImport/presets/999999` }) },

  [`GET ${sb}/admin/notification/getAdminNotifications`]: bySite(`${sb}/admin/notification/getAdminNotifications?page=1&limit=20`, 'idSite'),
  [`POST ${sb}/admin/notification/playOrStopNotification`]: { own: post(`${sb}/admin/notification/playOrStopNotification`, { id: 999_999 }) },
  [`DELETE ${sb}/admin/notification/deleteAdminNotification/:id`]: { own: post(`${sb}/admin/notification/deleteAdminNotification/999999`, undefined, 'DELETE') },
  [`POST ${sb}/admin/notification/duplicateDraft`]: { own: post(`${sb}/admin/notification/duplicateDraft`, { id: 999_999 }) },
  [`GET ${sb}/admin/notification/getDraftNotification`]: { own: get(`${sb}/admin/notification/getDraftNotification?id=999999`) },
  [`POST ${sb}/admin/notification/getPotentialCitizens`]: {
    own: (fx) => ({ method: 'POST', url: `${sb}/admin/notification/getPotentialCitizens`, payload: { idSite: fx.ownSite, osDevice: 'all', sendingType: 'multiple', language: 'fr' } }),
    other: (fx) => ({ method: 'POST', url: `${sb}/admin/notification/getPotentialCitizens`, payload: { idSite: fx.otherSite, osDevice: 'all', sendingType: 'multiple', language: 'fr' } }),
  },
  [`GET ${sb}/admin/notification/getNoCitizen`]: bySite(`${sb}/admin/notification/getNoCitizen?filter=ab`, 'idSite'),
  [`POST ${sb}/admin/notification/postAdminNotification`]: {
    own: (fx) => ({ method: 'POST', url: `${sb}/admin/notification/postAdminNotification`, payload: notification(fx.ownSite) }),
    other: (fx) => ({ method: 'POST', url: `${sb}/admin/notification/postAdminNotification`, payload: notification(fx.otherSite) }),
  },
  [`POST ${sb}/admin/notification/launchTestNotificationPush`]: {
    own: (fx) => ({ method: 'POST', url: `${sb}/admin/notification/launchTestNotificationPush`, payload: { idTester: 999_999, idSite: fx.ownSite, osDevice: 'all', language: 'fr', buildVersion: '816', message: 'Test', title: 'Test', messageType: 'information' } }),
  },
  [`GET ${sa}/notification`]: { own: get(`${sa}/notification?lang=fr`) },
  [`GET ${sa}/notification/`]: { own: get(`${sa}/notification/?lang=fr`) },
  [`GET ${sa}/tester/getFilterTester`]: { own: get(`${sa}/tester/getFilterTester`) },
  [`POST ${sa}/tester/subUnsub`]: { own: post(`${sa}/tester/subUnsub`, { udid: `unknown-${randomUUID()}` }) },
  [`GET ${sa}/tester/search`]: { own: get(`${sa}/tester/search?filter=ab`) },
  [`POST ${sb}/notification/notifForTester`]: { own: post(`${sb}/notification/notifForTester`, { udid: `unknown-${randomUUID()}` }) },

  [`GET ${sb}/firstResponder/getDataValidationResponder`]: { own: get(`${sb}/firstResponder/getDataValidationResponder?lang=fr&page=1&limit=20`) },
  [`GET ${sb}/firstResponder/getDiploma/:id`]: { own: get(`${sb}/firstResponder/getDiploma/999999`) },
  [`PATCH ${sb}/firstResponder/patchDataValidationResponder`]: { own: post(`${sb}/firstResponder/patchDataValidationResponder`, { status: 'activated', ids: [999_999] }, 'PATCH') },

  [`GET ${sb}/audit/getAuditLog`]: bySite(`${sb}/audit/getAuditLog?page=1&limit=20`),
  'GET /services/inspection/v1/access': { own: get('/services/inspection/v1/access') },
  'GET /services/inspection/v1/alerts': { own: get('/services/inspection/v1/alerts') },
  'GET /services/inspection/v1/alerts/:alertId': {
    own: async (fx) => ({ url: `/services/inspection/v1/alerts/${await fx.openAlert(fx.ownSite)}` }),
    other: async (fx) => ({ url: `/services/inspection/v1/alerts/${await fx.openAlert(fx.otherSite)}` }),
  },

  [`POST ${rp}/register`]: { own: post(`${rp}/register`, {}) },
  [`PUT ${rp}/device`]: { own: post(`${rp}/device`, { os: 'android' }, 'PUT') },
  [`POST ${rp}/device/token`]: { own: post(`${rp}/device/token`) },
  [`GET ${rp}/me`]: { own: get(`${rp}/me`) },
  [`PUT ${rp}/position`]: { own: post(`${rp}/position`, at, 'PUT') },
  [`PUT ${rp}/availability`]: { own: post(`${rp}/availability`, { available: true }, 'PUT') },
  [`GET ${rp}/alert`]: { own: get(`${rp}/alert`) },
  [`GET ${rp}/alerts/:alertId`]: { own: get(`${rp}/alerts/999999`) },
  [`POST ${rp}/alerts/:alertId/accept`]: { own: post(`${rp}/alerts/999999/accept`, at) },
  [`POST ${rp}/alerts/:alertId/refuse`]: { own: post(`${rp}/alerts/999999/refuse`, { reason: 'busy' }) },
  [`POST ${rp}/alerts/:alertId/progress`]: { own: post(`${rp}/alerts/999999/progress`, { status: 'onTheWayVictim' }) },
  [`POST ${rp}/alerts/:alertId/cancel`]: { own: post(`${rp}/alerts/999999/cancel`, { reason: 'other' }) },
};

function notification(idSite: number) {
  return {
    idSite,
    osDevice: 'all',
    sendingType: 'multiple',
    fakeBatch: 1,
    messageType: 'information',
    language: 'fr',
    title: 'Matrix',
    message: 'A draft written by the permission matrix',
    distribution: 'programmed',
    programmedAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    draft: true,
  };
}
