/**
 * Every message key the server answers with. Each key has fr, en and de text in
 * src/i18n/messages (a test checks), so the SPA can always show a translated sentence.
 */
export const errorKeys = {
  network: 'error.network',
  serverAccess: 'error.server-access',
  serverAccessApi: 'error.server-access-api',
  serverError: 'error.server',
  validation: 'error.validation',
  required: 'error.required',
  notFound: 'error.not-found',
  necessaryRights: 'error.necessary-rights',
  necessaryRightsIp: 'error.necessary-rights-ip',
  actionNotAuthorized: 'error.action-not-authorized',
  tooManyRequests: 'error.too-many-requests',
  payloadTooLarge: 'error.payload-too-large',
  databaseUnavailable: 'error.database.unavailable',
  invalidToken: 'error.auth.invalid-token',
  sessionExpired: 'error.auth.session-expired',
  incorrectPassword: 'error.auth.incorrect-password',
  invalidEmail: 'error.auth.invalid-email',
  userNotFound: 'error.auth.user-not-found',
  tokenNotFound: 'error.auth.token-not-found',
  domainNotAllowed: 'error.auth.domain-not-allowed',
  missingFields: 'error.auth.missing-fields',
  passwordRules: 'error.auth.password-rules',
  accountLocked: 'error.auth.account-locked',
  currentPasswordWrong: 'error.auth.current-password',
  thirdPartyOff: 'error.auth.third-party-off',
  baseUrlNotAllowed: 'error.auth.base-url-not-allowed',
  accountNotAllowed: 'error.account.not-allowed',
  accountBeingConfigured: 'error.account.being-configured',
  accountList: 'error.account.list',
  extraInfos: 'error.signIn.getExtraInfos',
  illegalTransition: 'error.illegal-transition',
} as const;

export type ErrorKey = (typeof errorKeys)[keyof typeof errorKeys];

/** The body of every failed call: `{ error: true, msg, details? }`. */
export interface ErrorBody {
  error: true;
  msg: string;
  details?: unknown;
}
