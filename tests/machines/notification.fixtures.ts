import type { NotificationStatus } from '../../contract/charts/notification.chart';
import { statusGroupOf } from '../../contract/charts/notification.chart';
import type { NotificationItem } from '../../contract/notification.schemas';
import type { Tester } from '../../contract/tester.schemas';
import type { CitizenDevice } from '../../src/services/notification.api';

/** Answers of the notification calls, shaped like the server's (contract/notification.schemas.ts). */

export const failure = (key: string, status = 400, details?: unknown) => ({ ok: false as const, key, status, ...(details === undefined ? {} : { details }) });

/** A notification of the public app (site 5) in a status; its actions as the server computes them. */
export function notificationItem(id: number, status: NotificationStatus = 'planned', overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    title: `Notification ${id}`,
    idSite: 5,
    siteName: 'Vigil public app',
    osDevice: 'all',
    sendingType: 'multiple',
    udid: null,
    engagementLevel: 'all',
    accountStatus: 'activated',
    phonePrefix: '+33',
    filter: [{ field: 'trainedStatus', operator: 'eq', value: 'trained' }],
    fakeBatch: 500,
    messageType: 'training',
    language: 'fr',
    message: 'Une session de formation a lieu samedi.',
    url: 'https://vigil.test/formation',
    buildVersion: '816',
    distribution: 'programmed',
    programmedDate: '2030-12-01T08:00:00.000Z',
    status,
    statusGroup: statusGroupOf(status) ?? 'draft',
    recipients: 0,
    sentCount: 0,
    failedCount: 0,
    pendingCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    actions: { play: status === 'stopped' || status === 'sentBlocked', stop: status === 'activated', delete: status !== 'activated', duplicate: true, edit: status === 'draft' },
    ...overrides,
  };
}

/** A page of the list: `items`, out of `count`. */
export const notificationPage = (items: NotificationItem[], count = items.length) => ({ ok: true as const, data: { list: items, count } });

export const sites = [
  { id: 1, name: 'SDIS 63 — Puy-de-Dôme' },
  { id: 5, name: 'Vigil public app' },
];

export const testers: Tester[] = [
  { id: 3, udid: 'demo-tester-1', responderId: 501, name: 'Tania Tester', phone: '+33612345600', zipcode: '63000', os: 'android', updatedAt: '2026-11-22T02:10:00.000Z' },
  { id: 4, udid: 'demo-tester-2', responderId: 502, name: 'Igor Essai', phone: '+33612345601', zipcode: '63170', os: 'ios', updatedAt: '2026-11-22T02:10:00.000Z' },
];

export const device: CitizenDevice = {
  udid: 'demo-5f2c',
  responderId: 77,
  firstName: 'Léa',
  lastName: 'Morel',
  phone: '+33612345678',
  email: 'lea.morel@community.vigil.test',
  os: 'android',
  buildVersion: '816',
  accountStatus: 'activated',
};
