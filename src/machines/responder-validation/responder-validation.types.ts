import type { RefusalReason } from '../../../contract/validation.schemas';
import type { Result } from '../../services/http';
import type { DiplomaFile, ValidationPage, ValidationPatched, ValidationStatus, WaitingResponder } from '../../services/validation.api';

/** Validate or refuse: some responders by id, or every waiting one. */
export interface ValidationRequest {
  status: Exclude<ValidationStatus, 'waiting'>;
  ids?: number[];
  all?: true;
  /** A refusal's reason and note, given at the confirmation; the responder is told them. */
  reason?: RefusalReason;
  note?: string;
}

export interface ResponderValidationInput {
  /** Language of the trained-status labels. */
  lang: string;
}

export interface ResponderValidationContext extends ResponderValidationInput {
  list: WaitingResponder[];
  count: number;
  /** Zero-based current page; the server is sent page + 1. */
  pages: number;
  limit: number;
  /** Responders ticked for a bulk action, by id. */
  selection: number[];
  /** Message key of the last failed list load, null when none. */
  errorKey: string | null;
  /** The action waiting for its confirmation, then running. */
  request: ValidationRequest | null;
  /** The responder whose diploma is open, and the file once loaded. */
  diplomaId: number | null;
  diploma: DiplomaFile | null;
}

export type ResponderValidationEvent =
  | { type: 'page.change'; page: number }
  | { type: 'list.reload' }
  | { type: 'selection.change'; ids: number[] }
  /** Asks to validate or refuse; a confirmation follows. */
  | { type: 'validation.ask'; request: ValidationRequest }
  /** Confirms the request; a refusal names its reason (and a note, required for `other`). */
  | { type: 'validation.confirm'; refusal?: { reason: RefusalReason; note?: string } }
  | { type: 'validation.cancel' }
  | { type: 'diploma.open'; id: number }
  | { type: 'diploma.close' };

export type PageOutcome = Result<ValidationPage>;
export type PatchOutcome = Result<ValidationPatched>;
export type DiplomaOutcome = Result<DiplomaFile>;
export type { WaitingResponder };
