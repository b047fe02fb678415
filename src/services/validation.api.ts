import type { z } from 'zod';
import { validationEndpoints as endpoints } from '../../contract/validation.endpoints';
import type { RefusalReason, validationList, validationPatched, waitingResponder } from '../../contract/validation.schemas';
import { call, requestTimeoutMs, type Result } from './http';

/**
 * Validation of citizen responders (contract/validation.endpoints.ts). The diploma is a file that
 * needs the JWT header, so it is fetched as a blob and shown through an object URL (an `<img src>`
 * cannot send the header).
 */

export type WaitingResponder = z.infer<typeof waitingResponder>;
export type ValidationPage = z.infer<typeof validationList>;
export type ValidationPatched = z.infer<typeof validationPatched>;
export type ValidationStatus = 'activated' | 'refused' | 'waiting';

/** A diploma ready to show: an object URL to revoke when it is closed, and its type (image or PDF). */
export interface DiplomaFile {
  url: string;
  type: string;
}

/** page is zero-based here, sent as page + 1 (spec §9). */
export function getDataValidationResponder(query: { lang: string; page: number; limit: number }, signal?: AbortSignal) {
  return call(endpoints.getDataValidationResponder, { query: { lang: query.lang, page: query.page + 1, limit: query.limit } }, { signal });
}

/** Validates, refuses or puts back on hold some responders (`ids`) or every waiting one (`all`). */
export function patchDataValidationResponder(body: { status: ValidationStatus; ids?: number[]; all?: true; reason?: RefusalReason; note?: string }, signal?: AbortSignal) {
  return call(endpoints.patchDataValidationResponder, { body }, { signal });
}

/** Fetches the diploma with the JWT header and answers an object URL for it. */
export async function getDiploma(id: number, signal?: AbortSignal): Promise<Result<DiplomaFile>> {
  const outcome = await call(endpoints.getDiploma, { params: { id } }, { timeout: requestTimeoutMs, signal });
  if (!outcome.ok) return outcome;
  return { ok: true, data: { url: URL.createObjectURL(outcome.data), type: outcome.data.type || 'application/octet-stream' } };
}

/** Frees a diploma's object URL once it is no longer shown. */
export function releaseDiploma(url: string): void {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
}
