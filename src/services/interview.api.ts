import { callbackEndpoints as endpoints } from '../../contract/callback.endpoints';
import type { InterviewSubmitBody } from '../../contract/interview.schemas';
import { call } from './http';

/**
 * The post-intervention form calls (contract/callback.endpoints.ts) and the local copy of a draft,
 * so that a draft is never lost when a send fails: it stays in the browser until the server has it.
 */

export function loadInterviewForm(id: number, signal?: AbortSignal) {
  return call(endpoints.getInterviewForm, { params: { id } }, { signal });
}

export function submitInterview(id: number, body: InterviewSubmitBody, signal?: AbortSignal) {
  return call(endpoints.submitInterview, { params: { id }, body }, { signal });
}

/** What the browser keeps of a form not yet on the server. */
export interface StoredDraft {
  /** The draft id sent with it: a re-send of the same draft is recorded once. */
  draftId: string;
  body: Omit<InterviewSubmitBody, 'draftId'> | null;
  /** The answers being typed (kept on every change). */
  answers: unknown;
  technicalIssues: unknown;
  outcome: string | null;
  recallAt: string | null;
  note: string;
  /** A send failed: the form offers (and tries) to send it again. */
  pending: boolean;
  savedAt: number;
}

const memory = new Map<string, string>();
const store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> =
  typeof globalThis.localStorage === 'undefined'
    ? { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value), removeItem: (key) => void memory.delete(key) }
    : globalThis.localStorage;
const draftKey = (id: number) => `citizenAlertForm:${id}`;

export function readDraft(id: number): StoredDraft | null {
  try {
    const draft = JSON.parse(store.getItem(draftKey(id)) ?? 'null') as StoredDraft | null;
    return draft && typeof draft.draftId === 'string' ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(id: number, draft: StoredDraft): void {
  try {
    store.setItem(draftKey(id), JSON.stringify(draft));
  } catch {
    // A full or disabled storage: the draft lives in memory only, as it did before.
  }
}

export function clearDraft(id: number): void {
  store.removeItem(draftKey(id));
}
