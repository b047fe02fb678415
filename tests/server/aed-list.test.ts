import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellX, cellY } from '../../server/src/modules/aeds/map';
import { accountId, aedBase, call, newAed, signInOn } from '../fixtures/aed/helpers';
import { asCells, byCell, wholeCells, type MapPoint } from '../fixtures/aed/map-cells';
import { startTestServer, type TestServer } from './harness';

/** getAllList, getAedsMap, account counts and options: filters, order, paging, counts, tenancy, permissions. */
let server: TestServer;
let operator: string;
let sdis63: number;
let codis63: number;
let sdis03: number;
let geodae: number;
let allierUser: string;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  operator = await server.signIn('operator@vigil.test');
  sdis63 = await accountId(server, 'SDIS 63');
  codis63 = await accountId(server, 'CODIS 63');
  sdis03 = await accountId(server, 'SDIS 03');
  geodae = await accountId(server, 'GeoDAE');
  allierUser = await signInOn(server, 'aed-allier@vigil.test', 8, sdis03);
});
afterAll(async () => server?.close());

const list = (auth: string, body: Record<string, unknown> = {}) => call(server, auth, 'POST', `${aedBase}/getAllList`, { filter: [], ...body });

describe('POST aed/getAllList', () => {
  it('answers the first page of 50, newest first, with counts by account', async () => {
    const { status, body } = await list(operator);
    expect(status).toBe(200);
    const { list: rows, count } = body.data;
    expect(rows).toHaveLength(50);
    const created = rows.map((row: { createdAt: string }) => row.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(count.totalCount).toBeGreaterThan(1000);
    expect(count.allCount.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBe(count.totalCount);
    const sites = count.allCount.map((entry: { idSite: number }) => entry.idSite);
    expect(sites).toEqual(expect.arrayContaining([sdis63, codis63, geodae]));
    expect(sites).not.toContain(sdis03);
    expect(count.externalCount).toBe(count.allCount.find((entry: { idSite: number }) => entry.idSite === geodae).count);
    expect(rows.every((row: { status: string; deletedAt: string | null }) => row.status !== 'deleted' && row.deletedAt === null)).toBe(true);
    expect(rows[0].vigilance).toHaveProperty('confirmation');
  });

  it('pages with page = zero-based page + 1 and orders by name', async () => {
    const first = await list(operator, { order: 'name', orderSort: 'ASC', limit: 20, page: 1 });
    const second = await list(operator, { order: 'name', orderSort: 'asc', limit: 20, page: 2 });
    const names = [...first.body.data.list, ...second.body.data.list].map((row: { name: string }) => row.name);
    expect(names).toHaveLength(40);
    expect(new Set([...first.body.data.list, ...second.body.data.list].map((row: { id: number }) => row.id)).size).toBe(40);
    const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(names).toEqual(sorted);
  });

  it('orders names as a reader does: accents and case after the letter, on either engine', async () => {
    const names = ['Zoé Ordrealpha', 'école Ordrealpha', 'Élodie Ordrealpha', 'emma Ordrealpha', 'Eric Ordrealpha', 'Zack Ordrealpha', 'Œuvre Ordrealpha', 'Oscar Ordrealpha'];
    for (const name of names) await call(server, operator, 'PATCH', `${aedBase}/patchAed/new`, newAed({ idSite: codis63, name, city: name.split(' ')[0] }));
    const filter = [{ type: 'ALL', tag: 'all', value: 'ordrealpha' }];
    const byName = (await list(operator, { filter, order: 'name', orderSort: 'asc' })).body.data.list.map((row: { name: string }) => row.name.split(' ')[0]);
    expect(byName).toEqual(['école', 'Élodie', 'emma', 'Eric', 'Œuvre', 'Oscar', 'Zack', 'Zoé']);
    const descending = (await list(operator, { filter, order: 'name', orderSort: 'desc' })).body.data.list.map((row: { name: string }) => row.name.split(' ')[0]);
    expect(descending).toEqual([...byName].reverse());
    const byCity = (await list(operator, { filter, order: 'city', orderSort: 'asc' })).body.data.list.map((row: { city: string }) => row.city);
    expect(byCity).toEqual(byName);
  });

  it('scopes to the selected account, with or without its children', async () => {
    const alone = await list(operator, { idSelected: String(sdis63), withChild: false });
    expect(alone.body.data.count.allCount.map((entry: { idSite: number }) => entry.idSite)).toEqual([sdis63]);
    const tree = await list(operator, { idSelected: sdis63, withChild: true });
    expect(tree.body.data.count.totalCount).toBeGreaterThan(alone.body.data.count.totalCount);
    const zero = await list(operator, { idSelected: '0' });
    expect(zero.body.data.count.totalCount).toBe(tree.body.data.count.totalCount);
  });

  it('refuses an account outside the caller tree', async () => {
    const { status, body } = await list(operator, { idSelected: sdis03 });
    expect(status).toBe(403);
    expect(body.msg).toBe('error.account.not-allowed');
  });

  it('searches every word of an ALL filter, accents and case ignored', async () => {
    const { body } = await list(operator, { filter: [{ type: 'ALL', tag: '', value: 'mairie chamalieres' }], limit: 500 });
    expect(body.data.list.length).toBeGreaterThan(0);
    for (const row of body.data.list) {
      const text = `${row.name} ${row.address} ${row.city}`.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
      expect(text).toContain('mairie');
      expect(text).toContain('chamalieres');
    }
    expect(body.data.count.totalCount).toBe(body.data.list.length);
  });

  it('counts a broad word exactly, and follows renames, soft deletes and restores', async () => {
    const broad = await list(operator, { filter: [{ type: 'ALL', tag: '', value: 'MAIRIE' }], limit: 500, idSelected: sdis63 });
    const [expected] = await server.ctx.database.query<{ n: number }>(
      `WITH RECURSIVE tree AS (SELECT id FROM accounts WHERE id = $1 UNION SELECT a.id FROM accounts a JOIN tree ON a.parent_id = tree.id)
       SELECT count(*)::int AS n FROM aeds WHERE id_site IN (SELECT id FROM tree) AND deleted_at IS NULL AND search_text LIKE '%mairie%'`,
      [sdis63],
    );
    expect(broad.body.data.count.totalCount).toBe(expected.n);
    expect(broad.body.data.list).toHaveLength(Math.min(500, expected.n));

    const word = `quokka${Math.random().toString(36).slice(2, 8)}`;
    const found = async (text: string, filter: object[] = []) => (await list(operator, { filter: [{ type: 'ALL', tag: '', value: text }, ...filter] })).body.data;
    const created = await call(server, operator, 'PATCH', `${aedBase}/patchAed/new`, newAed({ name: `Mairie ${word}` }));
    expect(created.status).toBe(200);
    const udid = created.body.data.udid as string;
    expect((await found(word)).count.totalCount).toBe(1);
    expect((await call(server, operator, 'PATCH', `${aedBase}/patchAed/${udid}`, { name: `Salle ${word}bis` })).status).toBe(200);
    expect((await found(`mairie ${word}`)).count.totalCount).toBe(0);
    expect((await found(`${word}BIS`)).list.map((row: { udid: string }) => row.udid)).toEqual([udid]);
    await call(server, operator, 'PATCH', `${aedBase}/softDelete`, { udid });
    expect((await found(`${word}bis`)).count.totalCount).toBe(0);
    expect((await found(`${word}bis`, [{ type: 'ADVANCED', tag: 'status', value: ['deleted'] }])).count.totalCount).toBe(1);
    await call(server, operator, 'PATCH', `${aedBase}/restoreAed`, { udid });
    expect((await found(`${word}bis`)).count.totalCount).toBe(1);
  });

  it('matches a TAG filter in its field only', async () => {
    const { body } = await list(operator, { filter: [{ type: 'TAG', tag: 'city', value: 'riom' }], limit: 500 });
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.every((row: { city: string }) => row.city === 'Riom')).toBe(true);
    const bad = await list(operator, { filter: [{ type: 'TAG', tag: 'password', value: 'x' }] });
    expect(bad.status).toBe(400);
  });

  it('applies ADVANCED filters: status, vigilance, confirmation, certification, GeoDAE link', async () => {
    const deleted = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'status', value: ['deleted'] }] });
    expect(deleted.body.data.count.totalCount).toBeGreaterThan(0);
    expect(deleted.body.data.list.every((row: { status: string }) => row.status === 'deleted')).toBe(true);

    const expired = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'vigilance', value: 'expired' }], limit: 500 });
    expect(expired.body.data.list.length).toBeGreaterThan(0);
    for (const row of expired.body.data.list) {
      expect([row.vigilance.battery, row.vigilance.pads, row.vigilance.childPads]).toContain('expired');
    }
    const battery = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'vigilance', value: 'battery' }], limit: 500 });
    expect(battery.body.data.list.length).toBeGreaterThan(0);
    expect(battery.body.data.list.every((row: { vigilance: { battery: string } }) => ['soon', 'expired'].includes(row.vigilance.battery))).toBe(true);

    const never = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'confirmation', value: 'never' }], limit: 500 });
    expect(never.body.data.list.length).toBeGreaterThan(0);
    expect(never.body.data.list.every((row: { vigilance: { confirmation: string } }) => row.vigilance.confirmation === 'never')).toBe(true);
    const band = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'confirmation', value: ['under6Months'] }], limit: 500 });
    expect(band.body.data.list.length).toBeGreaterThan(0);
    expect(band.body.data.list.every((row: { vigilance: { confirmation: string } }) => row.vigilance.confirmation === 'under6Months')).toBe(true);

    const certified = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'certified', value: true }, { type: 'ADVANCED', tag: 'brand', value: 'Zoll' }], limit: 500 });
    expect(certified.body.data.list.length).toBeGreaterThan(0);
    expect(certified.body.data.list.every((row: { certified: boolean; brand: string }) => row.certified && row.brand === 'Zoll')).toBe(true);

    const unlinked = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'unlink.geodae', value: true }] });
    const linked = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'isLinked', value: true }] });
    const all = await list(operator);
    expect(linked.body.data.count.totalCount).toBeGreaterThan(0);
    expect(unlinked.body.data.count.totalCount + linked.body.data.count.totalCount).toBe(all.body.data.count.totalCount);

    const unknown = await list(operator, { filter: [{ type: 'ADVANCED', tag: 'nope', value: 1 }] });
    expect(unknown.status).toBe(400);
  });

  it('never shows another account its AEDs', async () => {
    const allier = await list(allierUser, { limit: 500 });
    expect(allier.status).toBe(200);
    expect(allier.body.data.list.every((row: { idSite: number }) => row.idSite === sdis03)).toBe(true);
    const puyDeDome = (await list(operator, { limit: 1 })).body.data.list[0];
    const foreign = await call(server, allierUser, 'GET', `${aedBase}/getAed/${puyDeDome.udid}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('error.aed.not-found');
  });

  it('answers 401 without a token and 403 for a group without AED rights', async () => {
    expect((await call(server, undefined, 'POST', `${aedBase}/getAllList`, { filter: [] })).status).toBe(401);
    const noRights = await server.signIn('norights@vigil.test');
    const { status, body } = await list(noRights);
    expect(status).toBe(403);
    expect(body.msg).toBe('error.necessary-rights');
  });

  it('lowers the counts when an AED is soft-deleted', async () => {
    const created = await call(server, operator, 'PATCH', `${aedBase}/patchAed/new`, newAed({ idSite: codis63 }));
    expect(created.status).toBe(200);
    const before = (await list(operator, { idSelected: codis63, withChild: false })).body.data.count.totalCount;
    await call(server, operator, 'PATCH', `${aedBase}/softDelete`, { udid: created.body.data.udid });
    const after = (await list(operator, { idSelected: codis63, withChild: false })).body.data.count.totalCount;
    expect(after).toBe(before - 1);
  });
});

describe('POST aed/getAedsMap', () => {
  const france = { north: 51.2, south: 42.2, west: -5.2, east: 8.3 };
  const map = (auth: string, body: Record<string, unknown>) => call(server, auth, 'POST', `${aedBase}/getAedsMap`, { filter: [], ...body });

  it('clusters the whole country at low zoom, with the total of the list', async () => {
    const { status, body } = await map(operator, { bbox: france, zoom: 6 });
    expect(status).toBe(200);
    expect(body.data.mode).toBe('clusters');
    const total = (await list(operator)).body.data.count.totalCount;
    const clustered = body.data.clusters.reduce((sum: number, cluster: { count: number }) => sum + cluster.count, 0) + body.data.points.length;
    expect(clustered).toBe(total);
    expect(body.data.total).toBe(total);
    // Clustered, not answered as points: the loop below checks each of them.
    expect(body.data.clusters.length).toBeGreaterThan(0);
    for (const cluster of body.data.clusters) {
      expect(cluster.lat).toBeGreaterThan(45);
      expect(cluster.lat).toBeLessThan(46.5);
    }
  });

  it('splits into more clusters as the zoom grows and answers points at street zoom', async () => {
    const clermont = { north: 45.82, south: 45.72, west: 3.0, east: 3.2 };
    const city = await map(operator, { bbox: clermont, zoom: 11 });
    expect(city.body.data.mode).toBe('clusters');
    expect(city.body.data.clusters.length).toBeGreaterThan(3);
    const street = await map(operator, { bbox: { north: 45.78, south: 45.77, west: 3.08, east: 3.095 }, zoom: 16 });
    expect(street.body.data.mode).toBe('points');
    expect(street.body.data.points.length).toBeGreaterThan(0);
    for (const point of street.body.data.points) {
      expect(point.lat).toBeGreaterThanOrEqual(45.77);
      expect(point.lat).toBeLessThanOrEqual(45.78);
      expect(point.lon).toBeGreaterThanOrEqual(3.08);
      expect(point.lon).toBeLessThanOrEqual(3.095);
    }
  });

  it('gives the extent of every AED of the filter when asked to fit, wherever the viewport is', async () => {
    const filter = [{ type: 'TAG', tag: 'city', value: 'riom' }];
    const rows = (await list(operator, { filter, limit: 500 })).body.data.list as { lat: number; lon: number }[];
    expect(rows.length).toBeGreaterThan(1);
    const elsewhere = { north: 44.0, south: 43.9, east: 1.6, west: 1.5 };
    const fitted = (await map(operator, { filter, bbox: elsewhere, zoom: 13, fit: true })).body.data;
    expect(fitted.total).toBe(0);
    expect(fitted.extent).toEqual({
      north: Math.max(...rows.map((row) => row.lat)),
      south: Math.min(...rows.map((row) => row.lat)),
      east: Math.max(...rows.map((row) => row.lon)),
      west: Math.min(...rows.map((row) => row.lon)),
    });
    // Every AED of the filter is inside the extent, and the map shows them all there.
    const there = (await map(operator, { filter, bbox: fitted.extent, zoom: 12 })).body.data;
    expect(there.total).toBe(rows.length);
    expect(there).not.toHaveProperty('extent');
    const none = await map(operator, { filter: [{ type: 'TAG', tag: 'city', value: 'nowhere-at-all' }], bbox: elsewhere, zoom: 13, fit: true });
    expect(none.body.data.extent).toBeNull();
  });

  it('applies the list filters to the clusters', async () => {
    const all = await map(operator, { bbox: france, zoom: 6 });
    const zoll = await map(operator, { bbox: france, zoom: 6, filter: [{ type: 'ADVANCED', tag: 'brand', value: 'Zoll' }] });
    const zollCount = (await list(operator, { filter: [{ type: 'ADVANCED', tag: 'brand', value: 'Zoll' }] })).body.data.count.totalCount;
    expect(zoll.body.data.total).toBe(zollCount);
    expect(zoll.body.data.total).toBeLessThan(all.body.data.total);
  });

  it('keeps the per-brand cells equal to the AEDs themselves through create, edit, move, delete and restore', async () => {
    const zoll = [{ type: 'ADVANCED', tag: 'brand', value: 'Zoll' }];
    // A filter that keeps every AED forces the grouping of the rows themselves: the reference.
    const direct = [...zoll, { type: 'ADVANCED', tag: 'createdFrom', value: '2000-01-01' }];
    const expectSame = async () => {
      const [fromCells, fromRows] = await Promise.all([list(operator, { filter: zoll }), list(operator, { filter: direct })]);
      expect(fromCells.body.data.count).toEqual(fromRows.body.data.count);
      const [mapCells, mapRows] = await Promise.all([map(operator, { bbox: france, zoom: 8, filter: zoll }), map(operator, { bbox: france, zoom: 8, filter: direct })]);
      expect(mapCells.body.data.total).toBe(fromRows.body.data.count.totalCount);
      const byCell = (data: { clusters: { cell: string; count: number }[]; points: { id: number }[] }) => ({ clusters: [...data.clusters].sort((a, b) => a.cell.localeCompare(b.cell)).map(({ cell, count }) => `${cell}:${count}`), points: data.points.map((point) => point.id).sort() });
      expect(byCell(mapCells.body.data)).toEqual(byCell(mapRows.body.data));
      return fromRows.body.data.count.totalCount as number;
    };
    const start = await expectSame();
    const created = (await call(server, operator, 'PATCH', `${aedBase}/patchAed/new`, newAed({ idSite: codis63, brand: 'Zoll', lat: 44.1, lon: 4.9 }))).body.data;
    expect(await expectSame()).toBe(start + 1);
    await call(server, operator, 'PATCH', `${aedBase}/patchAed/${created.udid}`, { lat: 48.85, lon: 2.35 });
    expect(await expectSame()).toBe(start + 1);
    await call(server, operator, 'PATCH', `${aedBase}/patchAed/${created.udid}`, { brand: 'Philips' });
    expect(await expectSame()).toBe(start);
    await call(server, operator, 'PATCH', `${aedBase}/patchAed/${created.udid}`, { brand: 'Zoll' });
    expect(await expectSame()).toBe(start + 1);
    await call(server, operator, 'PATCH', `${aedBase}/softDelete`, { udid: created.udid });
    expect(await expectSame()).toBe(start);
    await call(server, operator, 'PATCH', `${aedBase}/restoreAed`, { udid: created.udid });
    expect(await expectSame()).toBe(start + 1);
  });

  it('groups the viewport at zoom 12 and 13 into the clusters and points the finer cells gave, through create and delete', async () => {
    // A viewport on whole level-12 cells (so on whole level-13 ones): each cell in view holds only
    // AEDs in view, as the cells kept up to level 13 before migration 0031 counted them.
    const box = wholeCells(12, { west: 3.04, east: 3.13, north: 45.8, south: 45.74 });
    const expectAsCells = async () => {
      const every = (await map(operator, { bbox: box, zoom: 14 })).body.data.points as MapPoint[];
      expect(every.length).toBeLessThan(5000);
      for (const zoom of [12, 13]) {
        const { body } = await map(operator, { bbox: box, zoom });
        expect(body.data.mode).toBe('clusters');
        expect(body.data.total).toBe(every.length);
        expect(byCell(body.data)).toEqual(asCells(every, zoom));
      }
      return every.length;
    };
    const start = await expectAsCells();
    const spot = { lat: 45.7772, lon: 3.087 };
    const created: string[] = [];
    for (const at of [spot, spot, spot, { lat: 45.79, lon: 3.05 }]) {
      created.push((await call(server, operator, 'PATCH', `${aedBase}/patchAed/new`, newAed(at))).body.data.udid);
    }
    expect(await expectAsCells()).toBe(start + 4);
    const { body } = await map(operator, { bbox: box, zoom: 13 });
    const cell = `13/${cellX(spot.lon, 13)}/${cellY(spot.lat, 13)}`;
    expect(body.data.clusters.find((cluster: { cell: string }) => cluster.cell === cell)?.count).toBeGreaterThanOrEqual(3);
    for (const udid of created) await call(server, operator, 'PATCH', `${aedBase}/softDelete`, { udid });
    expect(await expectAsCells()).toBe(start);
  });

  it('shows an account only its own AEDs on the map', async () => {
    const { body } = await map(allierUser, { bbox: france, zoom: 13 });
    const puyDeDome = await map(allierUser, { bbox: { north: 45.82, south: 45.72, west: 3.0, east: 3.2 }, zoom: 12 });
    expect(body.data.total).toBeGreaterThan(0);
    expect(puyDeDome.body.data.total).toBe(0);
  });
});

describe('accounts a DEFAULT_ADMIN account manages', () => {
  type Summary = { id: number; name: string };
  const selectList = async (auth: string) => (await call(server, auth, 'POST', '/services/backOffice/account/accountList/getSelectAccountList', { withChild: true })).body.data as Summary[];

  it('offers the accounts its user reaches by third-party access, once each, after its own tree', async () => {
    const admin = await server.signIn('admin@vigil.test');
    const luxembourg = await accountId(server, 'CGDIS');
    const offered = (await selectList(admin)).map((account) => account.id);
    expect(offered[0]).toBe(sdis63);
    expect(offered).toEqual(expect.arrayContaining([codis63, geodae, sdis03, luxembourg]));
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered.indexOf(sdis03)).toBeGreaterThan(offered.indexOf(geodae));
    // The operator has no third-party access: the own tree only.
    expect((await selectList(operator)).map((account) => account.id)).not.toContain(sdis03);
  });

  it('lists, maps and opens the AEDs of a managed account when it is selected, and only then', async () => {
    const admin = await server.signIn('admin@vigil.test');
    const allierTotal = (await list(allierUser)).body.data.count.totalCount;
    const managed = await list(admin, { idSelected: String(sdis03), limit: 500 });
    expect(managed.status).toBe(200);
    expect(managed.body.data.count.totalCount).toBe(allierTotal);
    expect(managed.body.data.list.every((row: { idSite: number }) => row.idSite === sdis03)).toBe(true);
    const map = await call(server, admin, 'POST', `${aedBase}/getAedsMap`, { filter: [], idSelected: sdis03, zoom: 6, bbox: { north: 51.2, south: 42.2, west: -5.2, east: 8.3 } });
    expect(map.status).toBe(200);
    expect(map.body.data.total).toBe(allierTotal);
    const own = await list(admin);
    expect(own.body.data.count.allCount.map((entry: { idSite: number }) => entry.idSite)).not.toContain(sdis03);
    const counts = await call(server, admin, 'GET', '/services/backOffice/account/accountList/getAccountListWithAEDCount');
    expect(counts.body.data.map((account: Summary) => account.id)).not.toContain(sdis03);
    const allierAed = managed.body.data.list[0];
    expect((await call(server, admin, 'GET', `${aedBase}/getAed/${allierAed.udid}`)).status).toBe(200);
    // Without third-party access, the same calls find nothing.
    expect((await list(operator, { idSelected: String(sdis03) })).status).toBe(403);
    expect((await call(server, operator, 'GET', `${aedBase}/getAed/${allierAed.udid}`)).status).toBe(404);
  });

  it('manages nothing from an account that is not the DEFAULT_ADMIN one', async () => {
    // An administrator of SDIS 03 with third-party access to SDIS 63: SDIS 03 is no DEFAULT_ADMIN account.
    const onAllier = await signInOn(server, 'aed-allier-admin@vigil.test', 6, sdis03);
    const [user] = await server.ctx.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'aed-allier-admin@vigil.test'");
    await server.ctx.database.query('INSERT INTO user_accounts (user_id, account_id) VALUES ($1, $2)', [user.id, sdis63]);
    expect((await selectList(onAllier)).map((account) => account.id)).toEqual([sdis03]);
    expect((await list(onAllier, { idSelected: String(sdis63) })).status).toBe(403);
  });
});

describe('accounts with AED counts and options', () => {
  it('answers own count and totalLevel per account of the tree', async () => {
    const { status, body } = await call(server, operator, 'GET', '/services/backOffice/account/accountList/getAccountListWithAEDCount');
    expect(status).toBe(200);
    type Counted = { id: number; count: number; totalLevel: number; child: number[] };
    const byId = new Map<number, Counted>(body.data.map((account: Counted) => [account.id, account]));
    const root = byId.get(sdis63)!;
    expect(root.child).toEqual(expect.arrayContaining([codis63, geodae]));
    const childrenTotal = root.child.reduce((sum: number, id: number) => sum + byId.get(id)!.totalLevel, 0);
    expect(root.totalLevel).toBe(root.count + childrenTotal);
    expect(byId.has(sdis03)).toBe(false);
    const counted = (await list(operator, { idSelected: sdis63, withChild: false })).body.data.count.totalCount;
    expect(root.count).toBe(counted);
  });

  it('lists option modules with labels in the language', async () => {
    const fr = await call(server, operator, 'GET', '/services/backOffice/option/getOptionsModules?lang=fr_FR&module=aed');
    expect(fr.status).toBe(200);
    expect(fr.body.data.problemTypes).toHaveLength(7);
    expect(fr.body.data.problemTypes[0]).toEqual({ value: 1, label: 'Absent' });
    expect(fr.body.data.brands.map((brand: { value: string }) => brand.value)).toContain('Philips');
    expect(fr.body.data.models.find((model: { value: string }) => model.value === 'HeartStart FRx').brand).toBe('Philips');
    const de = await call(server, operator, 'GET', '/services/backOffice/option/getOptionsModules?lang=de&module=unavailableReasons');
    expect(Object.keys(de.body.data)).toEqual(['unavailableReasons']);
    expect(de.body.data.unavailableReasons[1].label).toBe('Vorübergehend nicht verfügbar');
    expect((await call(server, operator, 'GET', '/services/backOffice/option/getOptionsModules?module=nope')).status).toBe(400);
  });
});
