import type { AedContactInput, AedPatchBody, AedReport, ReportProblemBody } from '../../contract/aed.schemas';
import type { AedExportBody, AedListBody, AedMapBody, GeoDaeExportBody } from '../../contract/aed-list.schemas';
import type { MergeBody } from '../../contract/aed-merge.schemas';
import type { MailChoice, ResolveChoice } from '../../contract/aed-reports.schemas';
import { accountEndpoints } from '../../contract/account.endpoints';
import { aedEndpoints } from '../../contract/aed.endpoints';
import { call, requestTimeoutMs, type Result } from './http';

/**
 * The AED register calls of spec §7 (docs/api-aed.md), one function each, through the register's
 * endpoint table (contract/aed.endpoints.ts): inputs and answers are typed by its schemas. No
 * React, no state: the AED list, form and merge machines call these from their actors.
 */

// ---- List, map, export, accounts, options -----------------------------------------------------

/** PATCH aed/bulkHours: the same hours on every AED of the list's selection (all or none). */
export function setHoursOfSelection(body: { udids: string[]; alwaysOpened: boolean; openingHours: Record<string, Array<{ open: string; close: string }>> }, signal?: AbortSignal) {
  return call(aedEndpoints.bulkHours, { body }, { signal });
}

/** One page of AEDs (page is the zero-based page plus 1) with the counts. */
export function getAllList(body: AedListBody, signal?: AbortSignal) {
  return call(aedEndpoints.getAllList, { body }, { signal });
}

/** The viewport's clusters or points. */
export function getAedsMap(body: AedMapBody, signal?: AbortSignal) {
  return call(aedEndpoints.getAedsMap, { body }, { signal });
}

/** Hands a downloaded file to the browser to save under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The Excel file of the list's scope and order (30 s budget). */
export function exportAeds(body: AedExportBody, signal?: AbortSignal) {
  return call(aedEndpoints.exportAeds, { body }, { signal });
}

/** The GeoDAE declaration (schema-dae 1.0.7 CSV) of the list's scope, and how many AEDs were not ready when all were asked. */
export async function exportGeoDae(body: GeoDaeExportBody, signal?: AbortSignal): Promise<Result<{ file: Blob; notReady: number }>> {
  let notReady = 0;
  const outcome = await call(aedEndpoints.exportGeoDae, { body }, { signal, onResponse: ({ response }) => void (notReady = Number(response.headers.get('x-not-ready-count') ?? 0)) });
  return outcome.ok ? { ok: true, data: { file: outcome.data, notReady } } : outcome;
}

/** The list's scope as GeoJSON tagged for OpenStreetMap. */
export function exportOsm(body: AedExportBody, signal?: AbortSignal): Promise<Result<Blob>> {
  return call(aedEndpoints.exportOsm, { body }, { signal });
}

/** The caller's account tree with own and subtree AED counts. */
export function getAccountListWithAedCount(signal?: AbortSignal) {
  return call(aedEndpoints.getAccountListWithAedCount, {}, { signal });
}

/** The accounts a DEFAULT_ADMIN account manages, as the asynchronous account select offers them. */
export function getManagedAccounts(signal?: AbortSignal) {
  return call(accountEndpoints.getSelectAccountList, { body: { withChild: true } }, { signal });
}

export function getOptionsModules(lang: string, signal?: AbortSignal) {
  return call(aedEndpoints.getOptionsModules, { query: { lang, module: 'aed' } }, { signal });
}

// ---- One AED ----------------------------------------------------------------------------------

export function getAed(id: string, signal?: AbortSignal) {
  return call(aedEndpoints.getAed, { params: { id }, query: {} }, { signal });
}

/**
 * Updates an AED (or creates one with udid "new"): JSON, or multipart with the JSON in the field
 * `data` when pictures are sent. Answers the whole AED.
 */
export function patchAed(udid: string, body: AedPatchBody, pictures: readonly File[] = [], signal?: AbortSignal) {
  if (!pictures.length) return call(aedEndpoints.patchAed, { params: { udid }, body }, { signal });
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  for (const picture of pictures) form.append('pictures', picture, picture.name);
  return call(aedEndpoints.patchAed, { params: { udid }, body: form }, { signal });
}

export function softDeleteAed(udid: string, signal?: AbortSignal) {
  return call(aedEndpoints.softDelete, { body: { udid } }, { signal });
}

export function restoreAed(udid: string, signal?: AbortSignal) {
  return call(aedEndpoints.restoreAed, { body: { udid } }, { signal });
}

// ---- Pictures, contacts -----------------------------------------------------------------------

/** The bytes of a picture (the call needs the JWT header, so an <img src> cannot fetch it). */
export function getPicture(id: number, signal?: AbortSignal) {
  return call(aedEndpoints.getFile, { params: { id: String(id) } }, { timeout: requestTimeoutMs, signal });
}

/** Turns a stored picture by a multiple of 90 degrees (clockwise when positive). */
export function rotatePicture(fileName: string, degrees: number, signal?: AbortSignal) {
  return call(aedEndpoints.rotatePicture, { params: { fileName }, query: { degrees, service: 'aed', path: 'pictures' } }, { signal });
}

export function deletePicture(aed: string, picture: number | string, signal?: AbortSignal) {
  return call(aedEndpoints.deletePicture, { params: { a: aed, b: String(picture) } }, { signal });
}

/** Adds (no id) or updates (with id) one contact through patchAed. */
export function saveContact(udid: string, contact: AedContactInput, signal?: AbortSignal) {
  return patchAed(udid, { contacts: [contact] }, [], signal);
}

export function deleteContact(id: number, signal?: AbortSignal) {
  return call(aedEndpoints.deleteContact, { params: { id } }, { signal });
}

// ---- Reports ----------------------------------------------------------------------------------

/** A problem reported on an AED: its type (1-7), what was seen, and the address to answer (the user's own when absent). */
export type ProblemReport = Omit<ReportProblemBody, 'idData' | 'city'>;

/** Reports a problem on an AED (udid or id). */
export function reportProblem(idData: string | number, report: ProblemReport, signal?: AbortSignal) {
  return call(aedEndpoints.reportProblem, { body: { idData, ...report } }, { signal });
}

/** Mails the reporter of a report without resolving it. */
export function sendMailForReport(idReport: number, choice: MailChoice, signal?: AbortSignal) {
  return call(aedEndpoints.sendMailForReport, { body: { idReport, ...choice } }, { signal });
}

export function getEmailTemplate(lang: string, type: number, signal?: AbortSignal) {
  return call(aedEndpoints.getEmailTemplate, { query: { lang, type } }, { signal });
}

/** Resolves a report, mailing the reporter when asked (from the template, or the edited subject and text). */
export function resolveReport(id: number, city: string | null, choice: ResolveChoice, signal?: AbortSignal) {
  return call(aedEndpoints.resolveReport, { params: { id }, query: city ? { city } : {}, body: choice }, { signal });
}

export function markReportSoluble(id: number, signal?: AbortSignal) {
  return call(aedEndpoints.markReportSoluble, { params: { id } }, { signal });
}

/** Deletes a report: on-going and soluble ones through onGoingReport, resolved ones through reportDone. */
export function deleteReport(report: Pick<AedReport, 'id' | 'status'>, signal?: AbortSignal) {
  return call(report.status === 'resolved' ? aedEndpoints.deleteDoneReport : aedEndpoints.deleteOnGoingReport, { params: { id: report.id } }, { signal });
}

// ---- Duplicates and merge ---------------------------------------------------------------------

export function getPotentialDuplicates(udid: string, signal?: AbortSignal) {
  return call(aedEndpoints.potentialDuplicates, { query: { udid, from: 'form' } }, { signal });
}

export function linkGeoDae(udid: string, geoDaeUdid: string, signal?: AbortSignal) {
  return call(aedEndpoints.linkGeoDae, { body: { udid, geoDaeUdid } }, { signal });
}

export function getMergeInfo(compareUdids: readonly string[], preferredUdid: string, lang: string, signal?: AbortSignal) {
  return call(aedEndpoints.mergeInfo, { query: { compareUdid: compareUdids.join(','), preferredUdid, lang } }, { signal });
}

export function mergeAeds(body: MergeBody, signal?: AbortSignal) {
  return call(aedEndpoints.mergeAeds, { body }, { signal });
}
