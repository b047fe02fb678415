import { fromPromise } from 'xstate';
import * as api from '../../services/tester.api';
import type { HitsOutcome, NotifyOutcome, TestersOutcome, ToggleOutcome } from './testers.types';

/** Tester management's I/O; tests replace them with `.provide({ actors })`. */
export const testersActors = {
  loadTesters: fromPromise<TestersOutcome>(({ signal }) => api.getFilterTester(signal)),
  search: fromPromise<HitsOutcome, { filter: string }>(({ input, signal }) => api.searchTesters(input.filter, signal)),
  toggle: fromPromise<ToggleOutcome, { udid: string }>(({ input, signal }) => api.subUnsub(input.udid, signal)),
  notifyTester: fromPromise<NotifyOutcome, { udid: string }>(({ input, signal }) => api.notifForTester(input.udid, signal)),
};
