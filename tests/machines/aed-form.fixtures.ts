import type { AedDetail } from '../../contract/aed.schemas';
import type { GeoResult } from '../../contract/geo.schemas';

/** Answers of the AED form calls, shaped like the server's (contract/aed.schemas.ts), for the form machine's tests. */

export const udid = '7d9f1c2e-0000-4000-8000-000000000042';

export function aedDetail(overrides: Partial<AedDetail> = {}): AedDetail {
  return {
    id: 42,
    udid,
    idAed: 'MAIRIE-01',
    idSite: 1,
    accountName: 'SDIS 63 — Puy-de-Dôme',
    accountKind: 'internal',
    name: 'Mairie de Riom',
    address: '5 rue Croisier',
    address2: null,
    building: 'Hôtel de ville',
    floor: '0',
    zipCode: '63200',
    city: 'Riom',
    state: null,
    country: 'FR',
    description: 'Hall d’accueil, à gauche',
    lat: 45.894,
    lon: 3.113,
    altitude: 350,
    position: 1,
    accessibility: 2,
    alwaysOpened: false,
    positionToCheck: false,
    openingHours: { '1': [{ open: '08:30', close: '12:00' }, { open: '13:30', close: '17:30' }], '2': [{ open: '08:30', close: '17:30' }] },
    itinerant: false,
    brand: 'Zoll',
    model: 'AED Plus',
    softwareVersion: '1.2',
    serialNumber: 'ZP-123456',
    installDate: '2022-05-01',
    privateComment: null,
    inspectedBy: 'Jean Dupont',
    lastInspection: '2025-11-01',
    padsLot: 'P-1',
    padsExpiration: '2027-05-01',
    childPadsLot: null,
    childPadsExpiration: null,
    hasChildPads: false,
    batteryLot: 'B-1',
    batteryExpiration: '2027-05-01',
    padsPackLot: null,
    padsPackExpiration: null,
    maintenanceAlertType: 'period',
    maintenancePeriod: 12,
    maintenanceLastDate: '2025-11-01',
    cabinetId: null,
    sourceInfo: null,
    externalSourceId: null,
    source: 'manual',
    status: 'available',
    unavailableReason: null,
    unavailableUntil: null,
    validated: true,
    lastConfirmationDate: '2026-02-01T10:00:00.000Z',
    certified: false,
    lastCertificationDate: null,
    idGeocoeur: null,
    linkedGeoDae: null,
    isLinked: false,
    mergedIntoId: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    deletedAt: null,
    distance: null,
    vigilance: { battery: 'ok', pads: 'ok', childPads: 'none', alert: false, confirmation: 'under3Months' },
    geoDaeMissing: [],
    pictures: [{ id: 7, type: 'picture', filename: 'a1b2c3.jpg', mime: 'image/jpeg', size: 20_000, rotation: 0, url: '/services/backOffice/aed/getFile/7', createdAt: '2026-01-01T10:00:00.000Z' }],
    contacts: [{ id: 3, firstName: 'Claire', lastName: 'Roux', function: 'Secrétaire de mairie', phoneCode: '+33', phone: '0473000000', email: 'claire.roux@example.org', contactType: 'supervisor', defaultLanguage: 'fr_FR', timezone: 'Europe/Paris', siren: null }],
    reports: [{ id: 11, date: '2026-02-10T09:00:00.000Z', email: 'paul@example.net', description: 'Voyant rouge', problemType: 2, city: 'Riom', status: 'onGoing', resolvedAt: null, mailSentAt: null }],
    ...overrides,
  };
}

export const geoResult: GeoResult = { label: '5 Rue Croisier, 63200 Riom', lat: 45.8941, lon: 3.1132, city: 'Riom', zipCode: '63200', countryCode: 'FR', precision: 'housenumber', score: 0.9, needsPinMove: false, street: '5 Rue Croisier', departementCode: '63', departementName: 'Puy-de-Dôme', distanceKm: 17.2, outsideArea: false };
export const communeResult: GeoResult = { label: 'Riom', lat: 45.894, lon: 3.113, city: 'Riom', zipCode: '63200', countryCode: 'FR', precision: 'municipality', score: 0.6, needsPinMove: true, street: '', departementCode: '63', departementName: 'Puy-de-Dôme', distanceKm: 17.2, outsideArea: false };

/** A File that says what it is in JSON (the path planner tells samples apart by their JSON, and a File's is `{}`). */
function sampleFile(parts: BlobPart[], name: string, type: string): File {
  const file = new File(parts, name, { type });
  return Object.assign(file, { toJSON: () => ({ name, type, size: file.size }) });
}

export const goodPicture = () => sampleFile([new Uint8Array([137, 80, 78, 71])], 'cabinet.png', 'image/png');
export const textFile = () => sampleFile(['hello'], 'notes.jpg', 'text/plain');
/** A 6 MB image: over the 5 MB limit. */
export const hugePicture = () => sampleFile([new Uint8Array(6 * 1024 * 1024)], 'huge.jpg', 'image/jpeg');

export const validContact = { firstName: 'Luc', lastName: 'Martin', function: 'Gardien', phoneCode: '+33', phone: '0612345678', email: 'luc.martin@example.org', contactType: 'supervisor' as const };

export const failure = (key: string, status = 400, details?: unknown) => ({ ok: false as const, key, status, details });
