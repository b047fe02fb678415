import type { ExtraInfos } from '../../services/auth.api';
import type { Result } from '../../services/http';

export interface ExtraInfosContext {
  infos: ExtraInfos | null;
  origin: string;
}

export interface ExtraInfosInput {
  /** The SPA's origin, sent as `origin` (spec §7 getExtraInfos?origin). */
  origin: string;
}

export type ExtraInfosOutcome = Result<ExtraInfos>;

export type ExtraInfosEvent = { type: 'extraInfos.retry' };
