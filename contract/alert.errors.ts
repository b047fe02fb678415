/** Message keys of the alert calls (spec §4, §5, §8). Each has en/fr/de text in src/i18n/messages. */
export const alertErrorKeys = {
  /** The intervention is closed: nothing more can change on it. */
  closed: 'error.alert.closed',
  alreadyLaunched: 'error.alert.already-launched',
  notLaunched: 'error.alert.not-launched',
  /** The new address is beyond 0.3 km of the current one: close and create a new intervention. */
  addressTooFar: 'error.alert.address-too-far',
  /** Geocoding found nothing: check the spelling (spec §5). */
  addressNotFound: 'error.alert.address-not-found',
  /** Geocoding answered at commune precision: the pin must be moved (spec §5). */
  addressImprecise: 'error.alert.address-imprecise',
  siteNotAllowed: 'error.alert.site-not-allowed',
  responderNotOnAlert: 'error.alert.responder-not-on-alert',
} as const;

/** Message keys of the responder-facing calls and of the responder-on-alert chart. */
export const responderErrorKeys = {
  invalidToken: 'error.responder.invalid-token',
  notActivated: 'error.responder.not-activated',
  noOffer: 'error.responder.no-offer',
  alertClosed: 'error.responder.alert-closed',
  /** Already engaged (or on stand-by) on another open alert. */
  engagedElsewhere: 'error.responder.engaged-elsewhere',
  noAedMission: 'error.responder.no-aed-mission',
  notStopped: 'error.responder.not-stopped',
  alreadyStopped: 'error.responder.already-stopped',
  notActive: 'error.responder.not-active',
  alreadyAnswered: 'error.responder.already-answered',
  stopped: 'error.responder.stopped',
  illegalStatus: 'error.responder.illegal-status',
} as const;
