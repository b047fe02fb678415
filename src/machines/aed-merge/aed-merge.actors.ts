import { fromPromise } from 'xstate';
import * as api from '../../services/aed.api';
import type { MergeCall, MergeInfoOutcome, MergeOutcome } from './aed-merge.types';

/** The merge machine's I/O; tests replace them with `.provide({ actors })`. */
export const aedMergeActors = {
  loadInfo: fromPromise<MergeInfoOutcome, { preferredUdid: string; others: string[]; lang: string }>(({ input, signal }) => api.getMergeInfo(input.others, input.preferredUdid, input.lang, signal)),
  merge: fromPromise<MergeOutcome, MergeCall>(({ input, signal }) => api.mergeAeds(input, signal)),
};
