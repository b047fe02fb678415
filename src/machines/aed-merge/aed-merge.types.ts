import type { Result } from '../../services/http';
import type { MergeInfo, MergeResult } from '../../../contract/aed-merge.schemas';

export interface AedMergeInput {
  /** The AEDs to merge, the first one receiving the others. */
  udids: string[];
  lang: string;
}

/** A chosen empty value the user must confirm (spec §5). */
export interface MergeWarning {
  field: string;
  key: string;
}

export interface AedMergeContext {
  udids: string[];
  lang: string;
  /** The AED that receives the merge. */
  preferredUdid: string;
  info: MergeInfo | null;
  /** Per field, the udid whose value the merged AED keeps. */
  choices: Record<string, string>;
  warnings: MergeWarning[];
  errorKey: string | null;
  /** The merged AED, once done. */
  mergedUdid: string | null;
}

export type AedMergeEvent =
  | { type: 'merge.open'; udids: string[] }
  | { type: 'merge.prefer'; udid: string }
  | { type: 'merge.choose'; field: string; udid: string }
  | { type: 'merge.submit' }
  | { type: 'merge.confirm' }
  | { type: 'merge.cancel' }
  | { type: 'merge.retry' };

export type MergeInfoOutcome = Result<MergeInfo>;
export type MergeOutcome = Result<MergeResult>;

export interface MergeCall {
  preferredUdid: string;
  mergedUdids: string[];
  values: Record<string, string>;
  confirmEmpty: boolean;
}
