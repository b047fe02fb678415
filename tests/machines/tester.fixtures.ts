import type { Tester } from '../../contract/tester.schemas';
import type { TesterSearchHit } from '../../src/services/tester.api';

/** Answers of the tester calls, shaped like the server's (contract/tester.schemas.ts). */

export const failure = (key: string, status = 400, details?: unknown) => ({ ok: false as const, key, status, ...(details === undefined ? {} : { details }) });

export const tania: Tester = { id: 3, udid: 'demo-tester-1', responderId: 501, name: 'Tania Tester', phone: '+33612345600', zipcode: '63000', os: 'android', updatedAt: '2026-11-22T02:10:00.000Z' };
export const lea: Tester = { id: 9, udid: 'demo-5f2c', responderId: 77, name: 'Léa Morel', phone: '+33612345678', zipcode: null, os: 'android', updatedAt: '2026-11-23T09:00:00.000Z' };

export const leaHit: TesterSearchHit = { udid: 'demo-5f2c', responderId: 77, name: 'Léa Morel', phone: '+33612345678', email: 'lea.morel@community.vigil.test', os: 'android', buildVersion: '816', isTester: false };
