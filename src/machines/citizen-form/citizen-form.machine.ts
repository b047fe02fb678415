import { assign, setup } from 'xstate';
import { errorKeys } from '../../../contract/errors';
import { callbackErrorKeys } from '../../../contract/callback.errors';
import { interviewProblems } from '../../../contract/interview.rules';
import { emptyAnswers, emptyTechnicalIssues, type InterviewAnswers, type InterviewSubmitBody } from '../../../contract/interview.schemas';
import type { StoredDraft } from '../../services/interview.api';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import { citizenFormActors, draftStore } from './citizen-form.actors';
import type { CitizenFormContext, CitizenFormEvent, CitizenFormInput, LoadOutcome, LoadedForm, SubmitOutcome } from './citizen-form.types';

/** Waits before sending a failed draft again by itself: 10 s, then 30 s, then every minute. */
export const retryDelaysMs = [10_000, 30_000, 60_000] as const;

/** A v4 UUID, also where crypto.randomUUID is missing (plain http outside localhost). */
export function newDraftId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A send refused for what it says (4xx but time-out and rate limit): sending it again as is would fail again. */
const isRejection = (outcome: SubmitOutcome) => !outcome.ok && outcome.status !== undefined && outcome.status >= 400 && outcome.status < 500 && outcome.status !== 408 && outcome.status !== 429;

function bodyOf(context: CitizenFormContext): InterviewSubmitBody {
  const keepsAnswers = context.outcome === 'done' || context.form?.answers !== null || JSON.stringify(context.answers) !== JSON.stringify(context.form?.prefill);
  return {
    draftId: context.draftId,
    outcome: context.outcome!,
    recallAt: context.outcome === 'recall' || context.outcome === 'recallFragile' ? context.recallAt : null,
    answers: keepsAnswers ? context.answers : null,
    technicalIssues: context.technicalIssues.kinds.length > 0 || context.technicalIssues.description ? context.technicalIssues : null,
    note: context.note,
  };
}

function storedOf(context: CitizenFormContext, pending: boolean): StoredDraft {
  return {
    draftId: context.draftId,
    body: context.outcome ? (({ draftId: _draftId, ...body }) => body)(bodyOf(context)) : null,
    answers: context.answers,
    technicalIssues: context.technicalIssues,
    outcome: context.outcome,
    recallAt: context.recallAt,
    note: context.note,
    pending,
    savedAt: Date.now(),
  };
}

const loadedOf = (outcome: LoadOutcome) => (outcome as Extract<LoadOutcome, { ok: true }>).data;

/** The form's fields from what was loaded: a kept draft first, else the saved interview, else the prefill. */
function fieldsFrom({ form, draft }: LoadedForm): Partial<CitizenFormContext> {
  if (draft) {
    return {
      answers: (draft.answers as InterviewAnswers) ?? form.answers ?? form.prefill,
      technicalIssues: (draft.technicalIssues as CitizenFormContext['technicalIssues']) ?? form.technicalIssues ?? emptyTechnicalIssues(),
      outcome: (draft.outcome as CitizenFormContext['outcome']) ?? null,
      recallAt: draft.recallAt,
      note: draft.note,
      draftId: draft.draftId,
      restored: true,
    };
  }
  return { answers: form.answers ?? form.prefill, technicalIssues: form.technicalIssues ?? emptyTechnicalIssues(), outcome: null, recallAt: null, note: '', restored: false };
}

/**
 * The post-intervention form of one responder (spec §2, §3, §5): loads the form, keeps every change
 * in the browser, checks the rules of spec §5 before sending, and never loses a draft: a send that
 * fails stays in the browser, marked pending, and is sent again — by itself after a growing wait,
 * at once on demand, and on the next visit of the page. The draft id makes a re-send count once.
 */
export const citizenFormMachine = setup({
  types: {} as { context: CitizenFormContext; events: CitizenFormEvent; input: CitizenFormInput },
  actors: citizenFormActors,
  guards: {
    loaded: (_, params: { outcome: LoadOutcome }) => params.outcome.ok,
    /** A draft whose send had failed: it is sent again as soon as the page opens. */
    loadedWithPendingDraft: (_, params: { outcome: LoadOutcome }) => params.outcome.ok && params.outcome.data.draft?.pending === true && params.outcome.data.draft.outcome !== null,
    valid: ({ context }) => Object.keys(interviewProblems(context, Date.now())).length === 0,
    sent: (_, params: { outcome: SubmitOutcome }) => params.outcome.ok,
    rejected: (_, params: { outcome: SubmitOutcome }) => isRejection(params.outcome),
  },
  actions: {
    keepLoaded: assign((_, params: { outcome: LoadOutcome }) => {
      const loaded = loadedOf(params.outcome);
      return { form: loaded.form, ...fieldsFrom(loaded), loadError: null, problems: {}, sendError: null };
    }),
    keepLoadError: assign((_, params: { key: string }) => ({ loadError: params.key })),
    changeField: assign(({ context }, params: { section: 'identity' | 'intervention'; field: string; value: unknown }) => ({
      answers: { ...context.answers, [params.section]: { ...context.answers[params.section], [params.field]: params.value } } as InterviewAnswers,
    })),
    chooseOutcome: assign((_, params: { outcome: CitizenFormContext['outcome'] }) => ({ outcome: params.outcome })),
    chooseRecall: assign((_, params: { recallAt: string | null }) => ({ recallAt: params.recallAt })),
    changeNote: assign((_, params: { note: string }) => ({ note: params.note })),
    saveIssues: assign((_, params: { technicalIssues: CitizenFormContext['technicalIssues'] }) => ({ technicalIssues: params.technicalIssues })),
    /** Once a send was tried, problems follow every change (they appear and clear as the user types). */
    recheck: assign(({ context }) => (Object.keys(context.problems).length ? { problems: interviewProblems(context, Date.now()) } : {})),
    showProblems: assign(({ context }) => ({ problems: interviewProblems(context, Date.now()) })),
    clearSendError: assign({ sendError: null }),
    keepSendError: assign(({ context }, params: { key: string }) => ({ sendError: params.key, attempts: context.attempts + 1 })),
    keepRejection: assign((_, params: { key: string }) => ({ sendError: params.key, attempts: 0 })),
    keepResult: assign((_, params: { outcome: SubmitOutcome }) => ({ result: (params.outcome as Extract<SubmitOutcome, { ok: true }>).data, attempts: 0, sendError: null, draftId: newDraftId(), restored: false })),
    saveDraft: ({ context }) => draftStore.save(context.id, storedOf(context, false)),
    savePendingDraft: ({ context }) => draftStore.save(context.id, storedOf(context, true)),
    clearDraft: ({ context }) => draftStore.clear(context.id),
    announce: (_, params: { type: 'error' | 'success' | 'warn'; key: string }) => notify({ type: params.type, key: params.key, life: params.type === 'success' ? undefined : 6000 }),
  },
  delays: {
    retry: ({ context }) => retryDelaysMs[Math.min(context.attempts, retryDelaysMs.length) - 1] ?? retryDelaysMs[0],
  },
}).createMachine({
  id: 'citizenForm',
  context: ({ input }) => ({
    id: input.id,
    form: null,
    answers: emptyAnswers(),
    technicalIssues: emptyTechnicalIssues(),
    outcome: null,
    recallAt: null,
    note: '',
    draftId: newDraftId(),
    problems: {},
    sendError: null,
    attempts: 0,
    restored: false,
    loadError: null,
    result: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: observe({ messages: ['citizenForm.loading'], absent: ['citizen-form'], calls: ['callback.getInterviewForm'] }),
      invoke: {
        src: 'loadForm',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'loadedWithPendingDraft', params: ({ event }) => ({ outcome: event.output }) },
            target: 'sending',
            actions: [{ type: 'keepLoaded', params: ({ event }) => ({ outcome: event.output }) }, { type: 'announce', params: { type: 'warn', key: 'citizenForm.draft.resending' } }],
          },
          { guard: { type: 'loaded', params: ({ event }) => ({ outcome: event.output }) }, target: 'editing', actions: { type: 'keepLoaded', params: ({ event }) => ({ outcome: event.output }) } },
          { target: 'loadFailed', actions: { type: 'keepLoadError', params: ({ event }) => ({ key: event.output.ok ? errorKeys.serverError : event.output.key }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'keepLoadError', params: { key: callbackErrorKeys.loadFailed } } },
      },
    },
    // The load error with its retry, no form.
    loadFailed: { meta: observe({ enabled: ['history.retry'], absent: ['citizen-form'] }), on: { 'form.retry': 'loading' } },
    editing: {
      meta: observe({ shown: ['citizen-form'], enabled: ['citizenForm.send'], absent: ['citizen-form-sent'] }),
      initial: 'idle',
      on: {
        'field.change': { actions: [{ type: 'changeField', params: ({ event }) => ({ section: event.section, field: event.field, value: event.value }) }, 'recheck', 'saveDraft'] },
        'outcome.choose': { actions: [{ type: 'chooseOutcome', params: ({ event }) => ({ outcome: event.outcome }) }, 'recheck', 'saveDraft'] },
        'recall.choose': { actions: [{ type: 'chooseRecall', params: ({ event }) => ({ recallAt: event.recallAt }) }, 'recheck', 'saveDraft'] },
        'note.change': { actions: [{ type: 'changeNote', params: ({ event }) => ({ note: event.note }) }, 'saveDraft'] },
        'form.submit': [
          { guard: 'valid', target: 'sending', actions: 'clearSendError' },
          { actions: ['showProblems', { type: 'announce', params: { type: 'error', key: 'citizenForm.invalid' } }] },
        ],
      },
      states: {
        idle: { meta: observe({ enabled: ['interview.issues.open'], absent: ['issues-dialog'] }), on: { 'issues.open': 'issues' } },
        // The technical-issues modal is open.
        issues: {
          meta: observe({ shown: ['issues-dialog'], enabled: ['interview.issues.save', 'interview.issues.cancel'], disabled: ['interview.issues.open'] }),
          on: {
            'issues.save': { target: 'idle', actions: [{ type: 'saveIssues', params: ({ event }) => ({ technicalIssues: event.technicalIssues }) }, 'saveDraft'] },
            'issues.close': 'idle',
          },
        },
      },
    },
    // The form stays on screen, its send button busy.
    sending: {
      meta: observe({ shown: ['citizen-form'], disabled: ['citizenForm.send'], calls: ['callback.submitInterview'] }),
      entry: 'savePendingDraft',
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ id: context.id, body: bodyOf(context) }),
        onDone: [
          {
            guard: { type: 'sent', params: ({ event }) => ({ outcome: event.output }) },
            target: 'sent',
            actions: ['clearDraft', { type: 'keepResult', params: ({ event }) => ({ outcome: event.output }) }, { type: 'announce', params: { type: 'success', key: 'citizenForm.sent' } }],
          },
          {
            // The server refused what the draft says: the user must change it; it stays in the browser.
            guard: { type: 'rejected', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: [
              'saveDraft',
              { type: 'keepRejection', params: ({ event }) => ({ key: event.output.ok ? errorKeys.serverError : event.output.key }) },
              'showProblems',
              { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: event.output.ok ? errorKeys.serverError : event.output.key }) },
            ],
          },
          {
            target: 'sendFailed',
            actions: [{ type: 'keepSendError', params: ({ event }) => ({ key: event.output.ok ? errorKeys.serverError : event.output.key }) }, { type: 'announce', params: { type: 'warn', key: callbackErrorKeys.sendFailed } }],
          },
        ],
        onError: { target: 'sendFailed', actions: [{ type: 'keepSendError', params: { key: callbackErrorKeys.sendFailed } }, { type: 'announce', params: { type: 'warn', key: callbackErrorKeys.sendFailed } }] },
      },
    },
    // The draft is kept in the browser, pending; it is sent again by itself, or now on demand.
    sendFailed: {
      meta: observe({ shown: ['citizen-form'], messages: ['error.callback.send-failed'], enabled: ['citizenForm.send.retry'] }),
      after: { retry: 'sending' },
      on: {
        'form.retry': 'sending',
        'field.change': { target: 'editing', actions: [{ type: 'changeField', params: ({ event }) => ({ section: event.section, field: event.field, value: event.value }) }, 'savePendingDraft'] },
        'outcome.choose': { target: 'editing', actions: [{ type: 'chooseOutcome', params: ({ event }) => ({ outcome: event.outcome }) }, 'savePendingDraft'] },
        'recall.choose': { target: 'editing', actions: [{ type: 'chooseRecall', params: ({ event }) => ({ recallAt: event.recallAt }) }, 'savePendingDraft'] },
        'note.change': { target: 'editing', actions: [{ type: 'changeNote', params: ({ event }) => ({ note: event.note }) }, 'savePendingDraft'] },
      },
    },
    // The call recorded, with the way back to the form.
    sent: { meta: observe({ shown: ['citizen-form-sent'], messages: ['citizenForm.sent.title'], enabled: ['citizenForm.reopen'], absent: ['citizen-form'] }), on: { 'form.reload': 'loading' } },
  },
});
