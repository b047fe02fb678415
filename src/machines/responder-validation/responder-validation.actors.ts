import { fromPromise } from 'xstate';
import * as api from '../../services/validation.api';
import type { DiplomaOutcome, PageOutcome, PatchOutcome, ValidationRequest } from './responder-validation.types';

/** The validation screen's I/O; tests replace them with `.provide({ actors, actions })`. */
export const responderValidationActors = {
  loadPage: fromPromise<PageOutcome, { lang: string; page: number; limit: number }>(({ input, signal }) => api.getDataValidationResponder(input, signal)),
  patch: fromPromise<PatchOutcome, ValidationRequest>(({ input, signal }) => api.patchDataValidationResponder(input, signal)),
  loadDiploma: fromPromise<DiplomaOutcome, { id: number }>(({ input, signal }) => api.getDiploma(input.id, signal)),
};
