/** Message keys of the validation of citizen responders (spec §8 "Responder validation"). */
export const validationErrors = {
  list: 'error.responder-validation.list',
  validate: 'error.responder-validation.validate',
  image: 'error.responder-validation.image',
  emptyPayload: 'error.responder-validation.empty-payload',
  reasonRequired: 'error.responder-validation.reason-required',
  noteRequired: 'error.responder-validation.note-required',
} as const;
