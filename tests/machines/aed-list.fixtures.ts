import type { AccountWithAedCount, AedListItem, AedListResponse, AedMapData } from '../../contract/aed-list.schemas';

/** Answers of the AED list calls, shaped like the server's (contract/aed-list.schemas.ts), for the list machine's tests. */

/**
 * The demo tree: SDIS 63 (DEFAULT_ADMIN) with a child fire station, the public app and the GeoDAE
 * register under it.
 */
export const accountTree: AccountWithAedCount[] = [
  { id: 1, name: 'SDIS 63 — Puy-de-Dôme', kind: 'internal', tag: 'DEFAULT_ADMIN', parentId: null, count: 900, totalLevel: 1700, child: [2, 5, 6] },
  { id: 2, name: 'CODIS 63 — Clermont-Ferrand', kind: 'internal', tag: null, parentId: 1, count: 400, totalLevel: 400, child: [] },
  { id: 5, name: 'Vigil public app', kind: 'publicApp', tag: null, parentId: 1, count: 100, totalLevel: 100, child: [] },
  { id: 6, name: 'GeoDAE national register', kind: 'external', tag: null, parentId: 1, count: 300, totalLevel: 300, child: [] },
];

/** A tree without a DEFAULT_ADMIN account. */
export const plainTree: AccountWithAedCount[] = accountTree.map((account) => ({ ...account, tag: null }));

/** What getSelectAccountList answers for the DEFAULT_ADMIN account: its tree plus an account it manages. */
export const managedAccounts = [
  ...accountTree.map(({ id, name, kind, tag, parentId }) => ({ id, name, kind, tag, parentId, logo: null, country: 'FR', label: name, value: id })),
  { id: 9, name: 'SDIS 15 — Cantal', kind: 'internal', tag: null, parentId: null, logo: null, country: 'FR', label: 'SDIS 15 — Cantal', value: 9 },
];

export function aedItem(id: number, overrides: Partial<AedListItem> = {}): AedListItem {
  return {
    id,
    udid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    idAed: null,
    idSite: 1,
    name: `Mairie ${id}`,
    address: '1 place de Jaude',
    zipCode: '63000',
    city: 'Clermont-Ferrand',
    country: 'FR',
    lat: 45.7772,
    lon: 3.087,
    brand: 'Zoll',
    model: 'AED Plus',
    status: 'available',
    unavailableReason: null,
    unavailableUntil: null,
    alwaysOpened: false,
    positionToCheck: false,
    certified: true,
    lastCertificationDate: '2026-02-01',
    validated: true,
    lastConfirmationDate: '2026-02-01T10:00:00.000Z',
    isLinked: false,
    source: 'manual',
    batteryExpiration: '2027-05-01',
    padsExpiration: '2027-05-01',
    childPadsExpiration: null,
    hasChildPads: false,
    onGoingReports: 0,
    geoDaeMissing: [],
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    deletedAt: null,
    vigilance: { battery: 'ok', pads: 'ok', childPads: 'none', alert: false, confirmation: 'under3Months' },
    ...overrides,
  };
}

/** A page of `size` AEDs with the counts of a narrowed search: 30 in SDIS 63, 10 in CODIS, 5 public, 7 GeoDAE. */
export function listPage(size: number, firstId = 1, overrides: Partial<AedListResponse['count']> = {}): AedListResponse {
  return {
    list: Array.from({ length: size }, (_, index) => aedItem(firstId + index, { idSite: index % 2 === 0 ? 1 : 2 })),
    count: {
      totalCount: 52,
      allCount: [
        { idSite: 1, count: 30 },
        { idSite: 2, count: 10 },
        { idSite: 5, count: 5 },
        { idSite: 6, count: 7 },
      ],
      externalCount: 7,
      ...overrides,
    },
  };
}

export const mapClusters: AedMapData = {
  mode: 'clusters',
  zoom: 9,
  total: 1700,
  clusters: [{ lat: 45.77, lon: 3.09, count: 1650, cell: '9/262/180' }],
  points: [{ id: 3, udid: 'u-3', name: 'Mairie de Thiers', lat: 45.856, lon: 3.548, status: 'available', alwaysOpened: true, certified: false, idSite: 1 }],
};

export const viewport = { bbox: { north: 46.2, south: 45.3, east: 3.9, west: 2.4 }, zoom: 9 };

export const failure = (key: string, status = 500) => ({ ok: false as const, key, status });
