import { fromPromise } from 'xstate';
import { getExtraInfos } from '../../services/auth.api';
import type { ExtraInfosOutcome } from './extra-infos.types';

export const extraInfosActors = {
  loadExtraInfos: fromPromise<ExtraInfosOutcome, { origin: string }>(({ input, signal }) => getExtraInfos(input.origin, signal)),
};
