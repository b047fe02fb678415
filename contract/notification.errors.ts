/** Message keys of push notifications, testers' test sends included (spec §8 "Notifications"). */
export const notificationErrors = {
  notFound: 'error.notification.not-found',
  send: 'error.notification.send',
  draftLoad: 'error.notification.draft-load',
  testSend: 'error.notification.test-send',
  /** A draft cannot take an immediate distribution (spec §4, §5). */
  draftImmediate: 'error.notification.draft-immediate',
  cannotToggle: 'error.notification.cannot-toggle',
  cannotDelete: 'error.notification.cannot-delete',
  cannotEdit: 'error.notification.cannot-edit',
  filterInvalid: 'error.notification.filter-invalid',
  noRecipients: 'error.notification.no-recipients',
  udidRequired: 'error.notification.udid-required',
  udidUnknown: 'error.notification.udid-unknown',
  dateRequired: 'error.notification.date-required',
  datePast: 'error.notification.date-past',
  siteNotAllowed: 'error.notification.site-not-allowed',
  phonePrefix: 'error.notification.phone-prefix',
  buildVersion: 'error.notification.build-version',
} as const;
