import { fromPromise } from 'xstate';
import type { AedDetail } from '../../../contract/aed.schemas';
import * as api from '../../services/aed.api';
import * as geo from '../../services/geo.api';
import type { Result } from '../../services/http';
import { blankAed, newAedUdid, patchOf } from './aed-form.rules';
import type { AedAction, AedDraft, AedOutcome, GeoOutcome, LoadOutcome, ReverseOutcome, TemplateOutcome } from './aed-form.types';

/** The AED, its option lists, the countries and its potential duplicates; only the AED itself is needed. */
async function loadAll(udid: string, lang: string, signal: AbortSignal): Promise<LoadOutcome> {
  const creating = udid === newAedUdid;
  const nothing = Promise.resolve({ ok: false as const, key: '' });
  const [aed, options, countries, duplicates] = await Promise.all([
    creating ? Promise.resolve({ ok: true as const, data: blankAed() }) : api.getAed(udid, signal),
    api.getOptionsModules(lang, signal),
    geo.getCountries(lang, signal),
    creating ? nothing : api.getPotentialDuplicates(udid, signal),
  ]);
  if (!aed.ok) return aed;
  return { ok: true, data: { aed: aed.data, options: options.ok ? options.data : null, countries: countries.ok ? countries.data : [], duplicates: duplicates.ok ? duplicates.data.list : [] } };
}

/** Runs a call that answers a part, then reads the AED again so the form shows it whole. */
async function thenReload(udid: string, outcome: Result<unknown>, signal: AbortSignal): Promise<AedOutcome> {
  if (!outcome.ok) return outcome;
  return api.getAed(udid, signal);
}

/** One action of the form on the AED `udid`; every answer is the AED as it now is. */
export async function runAction(udid: string, action: AedAction, signal: AbortSignal): Promise<Result<AedDetail>> {
  switch (action.kind) {
    case 'availability':
      return api.patchAed(udid, { availability: { status: action.change.status, ...(action.change.reason ? { reason: action.change.reason } : {}), endDate: action.change.endDate ?? null } }, [], signal);
    case 'certification':
      return api.patchAed(udid, { certification: { certified: action.certified, ...(action.date ? { date: action.date } : {}) } }, [], signal);
    case 'confirm':
      return api.patchAed(udid, { confirm: true }, [], signal);
    case 'delete':
      return api.softDeleteAed(udid, signal);
    case 'restore':
      return api.restoreAed(udid, signal);
    case 'pictureAdd':
      return api.patchAed(udid, {}, action.files, signal);
    case 'pictureRotate':
      return thenReload(udid, await api.rotatePicture(action.filename, action.degrees, signal), signal);
    case 'pictureDelete':
      return thenReload(udid, await api.deletePicture(udid, action.id, signal), signal);
    case 'contactSave':
      return api.saveContact(udid, action.contact, signal);
    case 'contactDelete':
      return thenReload(udid, await api.deleteContact(action.id, signal), signal);
    case 'reportAdd':
      return thenReload(udid, await api.reportProblem(udid, action.report, signal), signal);
    case 'reportMail':
      return thenReload(udid, await api.sendMailForReport(action.id, action.choice, signal), signal);
    case 'reportResolve':
      return thenReload(udid, await api.resolveReport(action.id, action.city, action.choice, signal), signal);
    case 'reportSoluble':
      return thenReload(udid, await api.markReportSoluble(action.id, signal), signal);
    case 'reportDelete':
      return thenReload(udid, await api.deleteReport(action.report, signal), signal);
    case 'linkGeoDae':
      return api.linkGeoDae(udid, action.geoDaeUdid, signal);
  }
}

/** The AED form machine's I/O; tests replace them with `.provide({ actors })`. */
export const aedFormActors = {
  load: fromPromise<LoadOutcome, { udid: string; lang: string }>(({ input, signal }) => loadAll(input.udid, input.lang, signal)),
  save: fromPromise<AedOutcome, { udid: string; draft: AedDraft }>(({ input, signal }) => api.patchAed(input.udid, patchOf(input.draft), [], signal)),
  act: fromPromise<AedOutcome, { udid: string; action: AedAction }>(({ input, signal }) => runAction(input.udid, input.action, signal)),
  geocode: fromPromise<GeoOutcome, geo.GeoCodingQuery>(({ input, signal }) => geo.geoCoding(input, signal)),
  reverseGeocode: fromPromise<ReverseOutcome, { lat: number; lon: number; country?: string }>(({ input, signal }) => geo.reverseGeoCoding(input.lat, input.lon, input.country, signal)),
  loadTemplate: fromPromise<TemplateOutcome, { lang: string; problemType: number }>(({ input, signal }) => api.getEmailTemplate(input.lang, input.problemType, signal)),
};
