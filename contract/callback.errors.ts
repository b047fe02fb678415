/** Message keys of the call-back calls (spec §4, §5, §8). Each has en/fr/de text in src/i18n/messages. */
export const callbackErrorKeys = {
  /** The alert is still open: its responders are not called yet. */
  alertInProgress: 'error.callback.alert-in-progress',
  /** The responder refused to be contacted about this alert. */
  refused: 'error.callback.refused',
  /** The interview is done: only the completed form may be amended. */
  alreadyDone: 'error.callback.already-done',
  illegalOutcome: 'error.callback.illegal-outcome',
  /** A recall date must be in the future (spec §5). */
  recallInPast: 'error.callback.recall-in-past',
  recallDateRequired: 'error.callback.recall-date-required',
  /** "Done" needs the interview answers. */
  interviewRequired: 'error.callback.interview-required',
  /** The massage duration given as "other" must be a number above 10 (spec §5). */
  massageDurationOther: 'error.callback.massage-duration-other',
  /** The responder never set off on this alert: there is nobody to call back. */
  notCallable: 'error.callback.not-callable',
  /** The form could not be loaded / sent (spec §8). */
  loadFailed: 'error.callback.load-failed',
  sendFailed: 'error.callback.send-failed',
} as const;
