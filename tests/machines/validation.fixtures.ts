import type { WaitingResponder } from '../../src/services/validation.api';

/** Answers of the responder validation calls, shaped like the server's (contract/validation.schemas.ts). */

export const failure = (key: string, status = 400, details?: unknown) => ({ ok: false as const, key, status, ...(details === undefined ? {} : { details }) });

export function waitingResponder(id: number, overrides: Partial<WaitingResponder> = {}): WaitingResponder {
  return {
    id,
    firstName: 'Élise',
    lastName: `Marchand ${id}`,
    email: `responder${id}@community.vigil.test`,
    phone: '+33671000000',
    age: 19,
    gender: 'female',
    trainedStatus: 'trained',
    trainedStatusLabel: 'Trained',
    skill: null,
    skillSpeciality: null,
    accountStatus: 'waiting',
    idSite: 5,
    siteName: 'Vigil public app',
    createdAt: '2026-11-04T02:10:00.000Z',
    hasDiploma: true,
    diplomaUrl: `/services/backoffice/firstResponder/getDiploma/${id}`,
    ...overrides,
  };
}

export const validationPage = (ids: number[], count = ids.length) => ({ ok: true as const, data: { list: ids.map((id) => waitingResponder(id)), count } });
export const patched = (status: 'activated' | 'refused', ids: number[]) => ({ ok: true as const, data: { status, updated: ids.length, ids } });
export const diplomaFile = { url: 'blob:diploma-812', type: 'image/png' };
