import type { AedContactInput, AedDetail, AedPatchBody, AedPicture, AedReport } from '../../contract/aed.schemas';
import type { AedExportBody, AedListBody, AedListItem, AedMapBody, GeoDaeExportBody } from '../../contract/aed-list.schemas';
import { accountEndpoints } from '../../contract/account.endpoints';
import { aedEndpoints } from '../../contract/aed.endpoints';
import { call, download, requestTimeoutMs, type Result } from './http';

/**
 * The AED register calls of spec §7 (docs/api-aed.md), one function each. No React, no state:
 * the AED list, form and merge machines call these from their actors.
 */

const base = '/services/backOffice/aed';

/** Counts answered with a list page: matching AEDs per account and in external accounts. */
export interface AedCount {
  totalCount: number;
  allCount: Array<{ idSite: number; count: number }>;
  externalCount: number;
}

export interface AedListPage {
  list: AedListItem[];
  count: AedCount;
}

export interface AedMapPoint {
  id: number;
  udid: string;
  name: string;
  lat: number;
  lon: number;
  status: string;
  alwaysOpened: boolean;
  certified: boolean;
  idSite: number;
}

export interface AedMapCluster {
  lat: number;
  lon: number;
  count: number;
  cell: string;
}

/** getAedsMap: grid clusters below zoom 14 (and AEDs alone in their cell), every point above. */
export interface AedMapData {
  mode: 'clusters' | 'points';
  zoom: number;
  total: number;
  clusters: AedMapCluster[];
  points: AedMapPoint[];
}

/** An account of the caller's tree with its AED counts. */
export interface AccountWithAedCount {
  id: number;
  name: string;
  kind: string;
  tag: string | null;
  parentId: number | null;
  count: number;
  totalLevel: number;
  child: number[];
}

export interface OptionItem {
  value: string | number;
  label: string;
  brand?: string;
}

/** getOptionsModules: every option list of the register, labelled in the asked language. */
export type AedOptions = Record<string, OptionItem[]>;

export interface PotentialDuplicate {
  id: number;
  udid: string;
  idSite: number;
  accountKind: string;
  name: string;
  address: string | null;
  city: string | null;
  lat: number;
  lon: number;
  distance: number;
  similarity: number;
  isLinked: boolean;
  idGeocoeur: string | null;
  source: string;
  serialNumber: string | null;
}

export interface MergeInfo {
  preferredUdid: string;
  aeds: Array<{ udid: string; id: number; name: string; idSite: number; status: string; pictures: number; contacts: number; reports: number }>;
  fields: Array<{ field: string; label: string; values: Array<{ udid: string; value: unknown }>; same: boolean; proposedUdid: string }>;
}

export interface MergeBody {
  preferredUdid: string;
  mergedUdids: string[];
  values: Record<string, string>;
  confirmEmpty?: boolean;
}

export interface MergeResult {
  merged: boolean;
  udid: string;
  warnings: Array<{ field: string; key: string }>;
  mergedUdids: string[];
}

export interface EmailTemplate {
  lang: string;
  type: number;
  subject: string;
  text: string;
}

export interface ResolveChoice {
  sendEmail: boolean;
  lang?: string;
  subject?: string;
  text?: string;
}

type Deleted = { id: number; deleted: boolean };

// ---- List, map, export, accounts, options -----------------------------------------------------

/** PATCH aed/bulkHours: the same hours on every AED of the list's selection (all or none). */
export function setHoursOfSelection(body: { udids: string[]; alwaysOpened: boolean; openingHours: Record<string, Array<{ open: string; close: string }>> }, signal?: AbortSignal) {
  return call(aedEndpoints.bulkHours, { body }, { signal });
}

/** One page of AEDs (page is the zero-based page plus 1) with the counts. */
export function getAllList(body: AedListBody, signal?: AbortSignal): Promise<Result<AedListPage>> {
  return call<AedListPage>(`${base}/getAllList`, { method: 'POST', body, signal });
}

/** The viewport's clusters or points. */
export function getAedsMap(body: AedMapBody, signal?: AbortSignal): Promise<Result<AedMapData>> {
  return call<AedMapData>(`${base}/getAedsMap`, { method: 'POST', body, signal });
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
export function exportAeds(body: AedExportBody, signal?: AbortSignal): Promise<Result<Blob>> {
  return download(`${base}/export`, { method: 'POST', body, signal });
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
export function getAccountListWithAedCount(signal?: AbortSignal): Promise<Result<AccountWithAedCount[]>> {
  return call<AccountWithAedCount[]>('/services/backOffice/account/accountList/getAccountListWithAEDCount', { signal });
}

/** The accounts a DEFAULT_ADMIN account manages, as the asynchronous account select offers them. */
export function getManagedAccounts(signal?: AbortSignal) {
  return call(accountEndpoints.getSelectAccountList, { body: { withChild: true } }, { signal });
}

export function getOptionsModules(lang: string, signal?: AbortSignal): Promise<Result<AedOptions>> {
  return call<AedOptions>('/services/backOffice/option/getOptionsModules', { query: { lang, module: 'aed' }, signal });
}

// ---- One AED ----------------------------------------------------------------------------------

export function getAed(id: string, signal?: AbortSignal): Promise<Result<AedDetail>> {
  return call<AedDetail>(`${base}/getAed/${encodeURIComponent(id)}`, { signal });
}

/**
 * Updates an AED (or creates one with udid "new"): JSON, or multipart with the JSON in the field
 * `data` when pictures are sent. Answers the whole AED.
 */
export function patchAed(udid: string, body: AedPatchBody, pictures: readonly File[] = [], signal?: AbortSignal): Promise<Result<AedDetail>> {
  if (!pictures.length) return call<AedDetail>(`${base}/patchAed/${encodeURIComponent(udid)}`, { method: 'PATCH', body, signal });
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  for (const picture of pictures) form.append('pictures', picture, picture.name);
  return call<AedDetail>(`${base}/patchAed/${encodeURIComponent(udid)}`, { method: 'PATCH', body: form, signal });
}

export function softDeleteAed(udid: string, signal?: AbortSignal): Promise<Result<AedDetail>> {
  return call<AedDetail>(`${base}/softDelete`, { method: 'PATCH', body: { udid }, signal });
}

export function restoreAed(udid: string, signal?: AbortSignal): Promise<Result<AedDetail>> {
  return call<AedDetail>(`${base}/restoreAed`, { method: 'PATCH', body: { udid }, signal });
}

// ---- Pictures, contacts -----------------------------------------------------------------------

/** The bytes of a picture (the call needs the JWT header, so an <img src> cannot fetch it). */
export function getPicture(id: number, signal?: AbortSignal): Promise<Result<Blob>> {
  return download(`${base}/getFile/${id}`, { timeout: requestTimeoutMs, signal });
}

/** Turns a stored picture by a multiple of 90 degrees (clockwise when positive). */
export function rotatePicture(fileName: string, degrees: number, signal?: AbortSignal): Promise<Result<AedPicture>> {
  return call<AedPicture>(`/services/backOffice/file/rotatePicture/${encodeURIComponent(fileName)}`, { method: 'PATCH', query: { degrees, service: 'aed', path: 'pictures' }, signal });
}

export function deletePicture(aed: string, picture: number | string, signal?: AbortSignal): Promise<Result<Deleted>> {
  return call<Deleted>(`${base}/pictures/${encodeURIComponent(aed)}/${encodeURIComponent(String(picture))}`, { method: 'DELETE', signal });
}

/** Adds (no id) or updates (with id) one contact through patchAed. */
export function saveContact(udid: string, contact: AedContactInput, signal?: AbortSignal): Promise<Result<AedDetail>> {
  return patchAed(udid, { contacts: [contact] }, [], signal);
}

export function deleteContact(id: number, signal?: AbortSignal): Promise<Result<Deleted>> {
  return call<Deleted>(`${base}/contact/${id}`, { method: 'DELETE', signal });
}

// ---- Reports ----------------------------------------------------------------------------------

/** A problem reported on an AED: its type (1-7), what was seen, and the address to answer (the user's own when absent). */
export interface ProblemReport {
  problem: number;
  description?: string;
  email?: string | null;
}

/** The mail sent to a reporter: the language of the template, or the edited subject and text. */
export interface MailChoice {
  lang?: string;
  subject?: string;
  text?: string;
}

/** Reports a problem on an AED (udid or id). */
export function reportProblem(idData: string | number, report: ProblemReport, signal?: AbortSignal): Promise<Result<AedReport>> {
  return call<AedReport>(`${base}/reportProblem`, { method: 'POST', body: { idData, ...report }, signal });
}

/** Mails the reporter of a report without resolving it. */
export function sendMailForReport(idReport: number, choice: MailChoice, signal?: AbortSignal): Promise<Result<AedReport>> {
  return call<AedReport>('/services/backOffice/email/sendMailForReportAed', { method: 'POST', body: { idReport, ...choice }, signal });
}

export function getEmailTemplate(lang: string, type: number, signal?: AbortSignal): Promise<Result<EmailTemplate>> {
  return call<EmailTemplate>(`${base}/onGoingReport/email-template`, { query: { lang, type }, signal });
}

/** Resolves a report, mailing the reporter when asked (from the template, or the edited subject and text). */
export function resolveReport(id: number, city: string | null, choice: ResolveChoice, signal?: AbortSignal): Promise<Result<AedReport>> {
  return call<AedReport>(`${base}/onGoingReport/resolve/${id}`, { method: 'PATCH', query: city ? { city } : {}, body: choice, signal });
}

export function markReportSoluble(id: number, signal?: AbortSignal): Promise<Result<AedReport>> {
  return call<AedReport>(`${base}/onGoingReport/soluble/${id}`, { method: 'PATCH', signal });
}

/** Deletes a report: on-going and soluble ones through onGoingReport, resolved ones through reportDone. */
export function deleteReport(report: Pick<AedReport, 'id' | 'status'>, signal?: AbortSignal): Promise<Result<Deleted>> {
  const path = report.status === 'resolved' ? `${base}/reportDone/${report.id}` : `${base}/onGoingReport/${report.id}`;
  return call<Deleted>(path, { method: 'DELETE', signal });
}

// ---- Duplicates and merge ---------------------------------------------------------------------

export function getPotentialDuplicates(udid: string, signal?: AbortSignal): Promise<Result<{ reference: { udid: string; name: string }; list: PotentialDuplicate[] }>> {
  return call(`${base}/potentialDuplicateAed`, { query: { udid, from: 'form' }, signal });
}

export function linkGeoDae(udid: string, geoDaeUdid: string, signal?: AbortSignal): Promise<Result<AedDetail>> {
  return call<AedDetail>(`${base}/linkGeoDaeToSA`, { method: 'PATCH', body: { udid, geoDaeUdid }, signal });
}

export function getMergeInfo(compareUdids: readonly string[], preferredUdid: string, lang: string, signal?: AbortSignal): Promise<Result<MergeInfo>> {
  return call<MergeInfo>(`${base}/aedsMergeInfo`, { query: { compareUdid: compareUdids.join(','), preferredUdid, lang }, signal });
}

export function mergeAeds(body: MergeBody, signal?: AbortSignal): Promise<Result<MergeResult>> {
  return call<MergeResult>(`${base}/aedMerge`, { method: 'PATCH', body, signal });
}
