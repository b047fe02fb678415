import { assertEvent, assign, setup } from 'xstate';
import { aedErrorKeys } from '../../../contract/aed.errors';
import type { AedDetail } from '../../../contract/aed.schemas';
import { aedAvailabilityChart, type AedAvailabilityEvent } from '../../../contract/charts/aed-availability.chart';
import { allows } from '../../../contract/charts/transition';
import type { GeoResult } from '../../../contract/geo.schemas';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import type { EmailTemplate } from '../../../contract/aed-reports.schemas';
import { aedFormActors } from './aed-form.actors';
import { addressEdits, availabilityEvent, availabilityProblem, detailsToErrors, draftAfterSave, isStored, pictureProblem, placeEdits, sendableDraft, validateContact, validateDraft, withEdit, withoutErrorsOf } from './aed-form.rules';
import type { AedAction, AedActionKind, AedFormContext, AedFormData, AedFormEvent, AedFormInput } from './aed-form.types';

type Outcome<T> = { ok: true; data: T } | { ok: false; key: string; status?: number; details?: unknown };
const dataOf = <T>(outcome: Outcome<T>) => (outcome as { data: T }).data;
const keyOf = (outcome: Outcome<unknown>, fallback: string) => (outcome.ok ? fallback : outcome.key);

/** The key shown when an action fails without a key of its own (it threw). */
export const actionFailureKeys: Record<AedActionKind, string> = {
  availability: 'error.aed.update',
  certification: aedErrorKeys.certification,
  confirm: 'error.aed.update',
  delete: aedErrorKeys.softDelete,
  restore: aedErrorKeys.restore,
  pictureAdd: aedErrorKeys.pictureAdd,
  pictureRotate: aedErrorKeys.pictureRotate,
  pictureDelete: aedErrorKeys.pictureDelete,
  contactSave: 'error.aed.contact-save',
  contactDelete: 'error.aed.contact-delete',
  reportAdd: aedErrorKeys.report,
  reportMail: aedErrorKeys.reportEmail,
  reportResolve: aedErrorKeys.reportResolve,
  reportSoluble: 'error.aed.report-soluble',
  reportDelete: 'error.aed.report-delete',
  linkGeoDae: 'error.aed.geodae-link',
};

/** The action an event asks for. */
function actionOf(context: AedFormContext, event: AedFormEvent): AedAction {
  switch (event.type) {
    case 'availability.change':
      return { kind: 'availability', change: event.change };
    case 'certification.change':
      return { kind: 'certification', certified: event.certified, date: event.date };
    case 'aed.confirm':
      return { kind: 'confirm' };
    case 'aed.delete':
      return { kind: 'delete' };
    case 'aed.restore':
      return { kind: 'restore' };
    case 'picture.add':
      return { kind: 'pictureAdd', files: event.files };
    case 'picture.rotate':
      return { kind: 'pictureRotate', filename: event.filename, degrees: event.degrees };
    case 'picture.delete':
      return { kind: 'pictureDelete', id: event.id };
    case 'contact.save':
      return { kind: 'contactSave', contact: event.contact };
    case 'contact.delete':
      return { kind: 'contactDelete', id: event.id };
    case 'report.add':
      return { kind: 'reportAdd', report: event.report };
    case 'report.mail':
      return { kind: 'reportMail', id: event.id, choice: event.choice };
    case 'report.resolve':
      return { kind: 'reportResolve', id: event.id, city: event.city, choice: event.choice };
    case 'report.soluble':
      return { kind: 'reportSoluble', id: event.id };
    case 'report.delete': {
      const report = context.aed?.reports.find((candidate) => candidate.id === event.id);
      return { kind: 'reportDelete', report: { id: event.id, status: report?.status ?? 'onGoing' } };
    }
    case 'geodae.link':
      return { kind: 'linkGeoDae', geoDaeUdid: event.geoDaeUdid };
    default:
      throw new Error(`${event.type} is not an action`);
  }
}

/** The value the form shows for a field: the edit, else the stored value. */
const currentOf = (context: AedFormContext, field: string): unknown => (field in context.draft ? context.draft[field as keyof typeof context.draft] : (context.aed as unknown as Record<string, unknown> | null)?.[field]);

/** Actions need the AED stored (a new one is saved first) and, but for a restore, not deleted. */
const chartAllows = (context: AedFormContext, event: AedAvailabilityEvent) => isStored(context.aed) && allows(aedAvailabilityChart, context.aed!.status, event);
const editable = (context: AedFormContext) => isStored(context.aed) && context.aed!.status !== 'deleted';

/** Every action answers the whole AED; its success message and the dialog that may close. */
type ActionGuard = 'editable' | 'availabilityAllowed' | 'deleteAllowed' | 'restoreAllowed';
const actionTransitions = <G extends ActionGuard>(guard: G) => ({ guard, target: 'acting' as const, actions: 'keepAction' as const });

/**
 * The AED form (spec §2 "AED form", §5): the AED is loaded with its option lists, countries and
 * potential duplicates; field edits are kept in a draft over the stored AED and checked with the
 * server's own rules before a save; a failed save keeps every edit (and edits made while it ran);
 * geocoding, reverse geocoding and the pin place it; the actions (availability as the chart
 * allows it, certification, confirmation, soft delete and restore, pictures, contacts, reports,
 * GeoDAE link) each answer the AED as it now is, without touching the draft.
 */
export const aedFormMachine = setup({
  types: {} as { context: AedFormContext; events: AedFormEvent; input: AedFormInput },
  actors: aedFormActors,
  guards: {
    succeeded: (_, params: { outcome: Outcome<unknown> }) => params.outcome.ok,
    hasChanges: ({ context }) => Object.keys(context.draft).length > 0,
    canSave: ({ context }) =>
      context.aed !== null && context.aed.status !== 'deleted' && Object.keys(context.draft).length > 0 && Object.keys(validateDraft(sendableDraft(context.aed, context.draft))).length === 0,
    editable: ({ context }) => editable(context),
    hasGeoResult: ({ context, event }) => event.type === 'location.pick' && !!context.geoResults?.[event.index],
    hasPlace: ({ context }) => typeof currentOf(context, 'lat') === 'number' && typeof currentOf(context, 'lon') === 'number',
    hasAddress: ({ context }) => ['address', 'city', 'zipCode'].some((field) => String(currentOf(context, field) ?? '').trim() !== ''),
    availabilityInvalid: ({ event }) => event.type === 'availability.change' && availabilityProblem(event.change, Date.now()) !== null,
    availabilityAllowed: ({ context, event }) => event.type === 'availability.change' && chartAllows(context, availabilityEvent(event.change)),
    deleteAllowed: ({ context }) => chartAllows(context, { type: 'aed.delete' }),
    restoreAllowed: ({ context }) => chartAllows(context, { type: 'aed.restore' }),
    picturesRejected: ({ event }) => event.type === 'picture.add' && (event.files.length === 0 || pictureProblem(event.files) !== null),
    contactRejected: ({ event }) => event.type === 'contact.save' && Object.keys(validateContact(event.contact)).length > 0,
  },
  actions: {
    keepData: assign((_, params: { data: AedFormData }) => ({ aed: params.data.aed, options: params.data.options, countries: params.data.countries, duplicates: params.data.duplicates, errorKey: null })),
    keepError: assign((_, params: { key: string }) => ({ errorKey: params.key })),
    editField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { draft: withEdit(context.draft, context.aed, event.field, event.value), fieldErrors: withoutErrorsOf(context.fieldErrors, event.field) };
    }),
    movePin: assign(({ context, event }) => {
      assertEvent(event, 'location.pin');
      const round = (value: number) => Math.round(value * 1e6) / 1e6;
      const draft = withEdit(withEdit(context.draft, context.aed, 'lat', round(event.lat)), context.aed, 'lon', round(event.lon));
      return { draft, needsPinMove: false, fieldErrors: withoutErrorsOf(withoutErrorsOf(context.fieldErrors, 'lat'), 'lon') };
    }),
    discard: assign({ draft: {}, fieldErrors: {}, errorKey: null, geoResults: null, needsPinMove: false }),
    showInvalid: assign(({ context }) => ({ fieldErrors: validateDraft(sendableDraft(context.aed, context.draft)) })),
    markSending: assign(({ context }) => ({ sending: sendableDraft(context.aed, context.draft), errorKey: null })),
    keepSaved: assign(({ context }, params: { aed: AedDetail }) => ({ aed: params.aed, draft: draftAfterSave(context.draft, context.sending ?? {}), sending: null, fieldErrors: {}, errorKey: null })),
    /** A refused save: every edit stays; the server's field errors show beside the fields. */
    keepSaveFailure: assign(({ context }, params: { outcome: Outcome<unknown> }) => ({
      sending: null,
      errorKey: keyOf(params.outcome, 'error.aed.update'),
      fieldErrors: { ...context.fieldErrors, ...(params.outcome.ok ? {} : detailsToErrors(params.outcome.details, params.outcome.key)) },
    })),
    keepAction: assign(({ context, event }) => ({ action: actionOf(context, event), errorKey: null })),
    keepActed: assign(({ context }, params: { aed: AedDetail }) => ({
      aed: params.aed,
      contactErrors: context.action?.kind === 'contactSave' ? {} : context.contactErrors,
      template: context.action?.kind === 'reportResolve' || context.action?.kind === 'reportMail' ? null : context.template,
      done: context.action ? { kind: context.action.kind, seq: (context.done?.seq ?? 0) + 1 } : context.done,
    })),
    keepActionFailure: assign(({ context }, params: { outcome: Outcome<unknown> }) => ({
      errorKey: keyOf(params.outcome, context.action ? actionFailureKeys[context.action.kind] : 'error.aed.update'),
      contactErrors: context.action?.kind === 'contactSave' && !params.outcome.ok ? detailsToErrors(params.outcome.details, params.outcome.key) : context.contactErrors,
    })),
    rejectContact: assign(({ event }) => {
      assertEvent(event, 'contact.save');
      return { contactErrors: validateContact(event.contact) };
    }),
    keepGeoResults: assign((_, params: { results: GeoResult[] }) => ({ geoResults: params.results, errorKey: null })),
    pickPlace: assign(({ context, event }) => {
      assertEvent(event, 'location.pick');
      const result = context.geoResults![event.index]!;
      let draft = context.draft;
      for (const [field, value] of Object.entries(placeEdits(result, { city: currentOf(context, 'city'), zipCode: currentOf(context, 'zipCode') }))) draft = withEdit(draft, context.aed, field as keyof typeof draft, value);
      return { draft, geoResults: null, needsPinMove: result.needsPinMove };
    }),
    applyAddress: assign(({ context }, params: { result: GeoResult }) => {
      let draft = context.draft;
      for (const [field, value] of Object.entries(addressEdits(params.result))) draft = withEdit(draft, context.aed, field as keyof typeof draft, value);
      return { draft, errorKey: null };
    }),
    keepTemplate: assign((_, params: { template: EmailTemplate }) => ({ template: params.template })),
    announce: (_, params: { type: 'success' | 'error' | 'warn'; key: string }) => notify({ type: params.type, key: params.key, life: params.type === 'success' ? 2500 : 6000 }),
  },
}).createMachine({
  id: 'aedForm',
  context: ({ input }) => ({
    udid: input.udid,
    lang: input.lang,
    aed: null,
    draft: {},
    sending: null,
    fieldErrors: {},
    contactErrors: {},
    errorKey: null,
    options: null,
    countries: [],
    duplicates: [],
    geoResults: null,
    needsPinMove: false,
    action: null,
    done: null,
    template: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: observe({ absent: ['aed-form', 'aed-load-failed'], calls: ['aed.getAed', 'aed.getOptionsModules', 'geo.countries', 'aed.potentialDuplicates'] }),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ udid: context.udid, lang: context.lang }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'editing', actions: { type: 'keepData', params: ({ event }) => ({ data: dataOf(event.output) }) } },
          { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output, aedErrorKeys.load) }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: { key: aedErrorKeys.load } } },
      },
    },
    loadFailed: {
      meta: observe({ shown: ['aed-load-failed'], absent: ['aed-form'], enabled: ['aed.common.retry'] }),
      on: { 'form.reload': 'loading' },
    },
    editing: {
      meta: observe({ shown: ['aed-form', 'save-state', 'aed-save'], absent: ['aed-load-failed'] }),
      initial: 'idle',
      // Typing never waits: edits land in the draft whatever runs.
      on: {
        'field.change': { actions: 'editField' },
        'location.pin': { actions: 'movePin' },
      },
      states: {
        idle: {
          // Nothing runs: the header's actions wait only on a deleted AED (see the states below).
          meta: observe({ absent: ['aed-busy'] }),
          on: {
            'form.save': [
              { guard: 'canSave', target: 'saving' },
              { guard: 'hasChanges', actions: ['showInvalid', { type: 'announce', params: { type: 'error', key: 'aed.form.invalid' } }] },
            ],
            'form.discard': { actions: 'discard' },
            'location.geocode': { guard: 'hasAddress', target: 'geocoding' },
            'location.pick': { guard: 'hasGeoResult', actions: 'pickPlace' },
            'location.reverse': { guard: 'hasPlace', target: 'reverseGeocoding' },
            'availability.change': [
              { guard: 'availabilityInvalid', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: availabilityProblem(event.change, Date.now()) ?? aedErrorKeys.availabilityNotCompliant }) } },
              actionTransitions('availabilityAllowed'),
              { actions: { type: 'announce', params: { type: 'error', key: aedErrorKeys.availabilityNotCompliant } } },
            ],
            'certification.change': actionTransitions('editable'),
            'aed.confirm': actionTransitions('editable'),
            'aed.delete': actionTransitions('deleteAllowed'),
            'aed.restore': actionTransitions('restoreAllowed'),
            'picture.add': [
              { guard: 'picturesRejected', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: pictureProblem(event.files) ?? aedErrorKeys.pictureNotImage }) } },
              actionTransitions('editable'),
            ],
            'picture.rotate': actionTransitions('editable'),
            'picture.delete': actionTransitions('editable'),
            'contact.save': [{ guard: 'contactRejected', actions: 'rejectContact' }, actionTransitions('editable')],
            'contact.delete': actionTransitions('editable'),
            'report.add': actionTransitions('editable'),
            'report.template': { target: 'loadingTemplate' },
            'report.mail': actionTransitions('editable'),
            'report.resolve': actionTransitions('editable'),
            'report.soluble': actionTransitions('editable'),
            'report.delete': actionTransitions('editable'),
            'geodae.link': actionTransitions('editable'),
          },
        },
        saving: {
          meta: observe({ shown: ['aed-busy'], disabled: ['aed.form.save', 'aed.form.discard', 'aed.confirm.action'], calls: ['aed.patchAed'] }),
          tags: ['busy', 'saving'],
          entry: 'markSending',
          invoke: {
            src: 'save',
            input: ({ context }) => ({ udid: context.aed?.udid ?? context.udid, draft: context.sending ?? {} }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'idle',
                actions: [{ type: 'keepSaved', params: ({ event }) => ({ aed: dataOf(event.output) }) }, { type: 'announce', params: { type: 'success', key: 'aed.form.saved' } }],
              },
              {
                target: 'idle',
                actions: [{ type: 'keepSaveFailure', params: ({ event }) => ({ outcome: event.output }) }, { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, 'error.aed.update') }) }],
              },
            ],
            onError: { target: 'idle', actions: [{ type: 'keepSaveFailure', params: { outcome: { ok: false, key: 'error.aed.update' } } }, { type: 'announce', params: { type: 'error', key: 'error.aed.update' } }] },
          },
        },
        acting: {
          // The call depends on the action (patchAed, softDelete, deletePicture then getAed...).
          meta: observe({ shown: ['aed-busy'], disabled: ['aed.form.discard', 'aed.confirm.action'] }),
          tags: ['busy'],
          invoke: {
            src: 'act',
            input: ({ context }) => ({ udid: context.aed?.udid ?? context.udid, action: context.action! }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'idle',
                actions: [{ type: 'keepActed', params: ({ event }) => ({ aed: dataOf(event.output) }) }, { type: 'announce', params: ({ context }) => ({ type: 'success' as const, key: `aed.action.${context.action?.kind ?? 'update'}.done` }) }],
              },
              {
                target: 'idle',
                actions: [{ type: 'keepActionFailure', params: ({ event }) => ({ outcome: event.output }) }, { type: 'announce', params: ({ context, event }) => ({ type: 'error' as const, key: keyOf(event.output, context.action ? actionFailureKeys[context.action.kind] : 'error.aed.update') }) }],
              },
            ],
            onError: {
              target: 'idle',
              actions: [{ type: 'keepActionFailure', params: { outcome: { ok: false, key: 'error.aed.update' } } }, { type: 'announce', params: ({ context }) => ({ type: 'error' as const, key: context.action ? actionFailureKeys[context.action.kind] : 'error.aed.update' }) }],
            },
          },
        },
        geocoding: {
          meta: observe({ shown: ['aed-busy'], disabled: ['aed.form.discard', 'aed.confirm.action', 'aed.form.geocode'], calls: ['geo.geoCoding'] }),
          tags: ['busy', 'geocoding'],
          invoke: {
            src: 'geocode',
            input: ({ context }) => ({
              address: String(currentOf(context, 'address') ?? ''),
              city: String(currentOf(context, 'city') ?? '') || undefined,
              zipCode: String(currentOf(context, 'zipCode') ?? '') || undefined,
              countryCode: String(currentOf(context, 'country') ?? '') || undefined,
            }),
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'keepGeoResults', params: ({ event }) => ({ results: dataOf(event.output) }) } },
              { target: 'idle', actions: [{ type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output, 'error.geocoding.address-not-found') }) }, { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, 'error.geocoding.address-not-found') }) }] },
            ],
            onError: { target: 'idle', actions: { type: 'keepError', params: { key: 'error.geocoding.address-not-found' } } },
          },
        },
        reverseGeocoding: {
          meta: observe({ shown: ['aed-busy'], disabled: ['aed.form.discard', 'aed.confirm.action', 'aed.form.reverse'], calls: ['geo.reverseGeoCoding'] }),
          tags: ['busy', 'geocoding'],
          invoke: {
            src: 'reverseGeocode',
            input: ({ context }) => ({ lat: Number(currentOf(context, 'lat')), lon: Number(currentOf(context, 'lon')), country: String(currentOf(context, 'country') ?? '') || undefined }),
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'applyAddress', params: ({ event }) => ({ result: dataOf(event.output) }) } },
              { target: 'idle', actions: [{ type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output, 'error.geocoding.reverse-failed') }) }, { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, 'error.geocoding.reverse-failed') }) }] },
            ],
            onError: { target: 'idle', actions: { type: 'keepError', params: { key: 'error.geocoding.reverse-failed' } } },
          },
        },
        loadingTemplate: {
          meta: observe({ shown: ['aed-busy'], disabled: ['aed.form.discard', 'aed.confirm.action'], calls: ['aed.getEmailTemplate'] }),
          tags: ['busy'],
          invoke: {
            src: 'loadTemplate',
            input: ({ context, event }) => ({ lang: context.lang, problemType: event.type === 'report.template' ? event.problemType : 4 }),
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'keepTemplate', params: ({ event }) => ({ template: dataOf(event.output) }) } },
              { target: 'idle', actions: [{ type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output, aedErrorKeys.template) }) }, { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, aedErrorKeys.template) }) }] },
            ],
            onError: { target: 'idle', actions: { type: 'keepError', params: { key: aedErrorKeys.template } } },
          },
        },
      },
    },
  },
});
