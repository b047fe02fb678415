import type { AnyStateMachine } from 'xstate';
import { aedBulkHoursMachine } from './aed-bulk-hours/aed-bulk-hours.machine';
import { aedFormMachine } from './aed-form/aed-form.machine';
import { aedListMachine } from './aed-list/aed-list.machine';
import { aedMergeMachine } from './aed-merge/aed-merge.machine';
import { addressSearchMachine } from './alert/address-search.machine';
import { alertMachine } from './alert/alert.machine';
import { extraInfosMachine } from './extra-infos/extra-infos.machine';
import { forgotPasswordMachine } from './forgot-password/forgot-password.machine';
import { layoutMachine } from './layout/layout.machine';
import { newsMachine } from './news/news.machine';
import { notificationFormMachine } from './notification-form/notification-form.machine';
import { notificationListMachine } from './notification-list/notification-list.machine';
import { responderValidationMachine } from './responder-validation/responder-validation.machine';
import { testersMachine } from './testers/testers.machine';
import { ongoingAlertsMachine } from './ongoing-alerts/ongoing-alerts.machine';
import { renewPasswordMachine } from './renew-password/renew-password.machine';
import { sessionMachine } from './session/session.machine';
import { historyMachine } from './history/history.machine';
import { citizenFormMachine } from './citizen-form/citizen-form.machine';
import { dashboardMachine } from './dashboard/dashboard.machine';
import { indicatorsMachine } from './dashboard/indicators.machine';
import { aedImportMachine } from './aed-import/aed-import.machine';
import { auditLogMachine } from './audit-log/audit-log.machine';
import { simulatorMachine } from './simulator/simulator.machine';

/** A workflow machine the app declares: the statechart docs and the live inspector list these. */
export interface RegisteredMachine {
  id: string;
  machine: AnyStateMachine;
  description: string;
}

/** Every workflow machine of the SPA. Add yours here. */
export const machines: RegisteredMachine[] = [
  {
    id: 'session',
    machine: sessionMachine,
    description: 'Sign-in, the page each group gets, expiry, 401, logout, account switch and forced password update.',
  },
  {
    id: 'layout',
    machine: layoutMachine,
    description: 'The configurator panel and the layout settings it keeps (side menu, navbar, direction), with reset.',
  },
  {
    id: 'extraInfos',
    machine: extraInfosMachine,
    description: 'Sign-in information loaded at start: third-party sign-in, WebSocket path, analytics and error-reporting addresses.',
  },
  {
    id: 'forgotPassword',
    machine: forgotPasswordMachine,
    description: 'Forgot password: sends the renewal mail, then confirms it was sent.',
  },
  {
    id: 'renewPassword',
    machine: renewPasswordMachine,
    description: 'Password renewal from a mailed link: verifies the token and user id first, then sets the new password.',
  },
  {
    id: 'alert',
    machine: alertMachine,
    description: 'Responder search and alert launch: options, set-up and preview, launch, live follow-up with stop/start and address moves (too far: close and create), close, 20-minute auto-close, closed by someone else.',
  },
  {
    id: 'addressSearch',
    machine: addressSearchMachine,
    description: 'Address suggestions under the alert address field: debounced geocoder questions, the newest cancelling the older.',
  },
  {
    id: 'ongoingAlerts',
    machine: ongoingAlertsMachine,
    description: 'The live interventions of the user\'s service for the banner and dialog, refreshed on REFRESH_ALERTS and a slow poll.',
  },
  {
    id: 'aedList',
    machine: aedListMachine,
    description: 'The AED list and map: accounts with counts, view, account choice (default, temporary, DEFAULT_ADMIN swap), page, limit, order and merged filters, counts recomputed on each load, soft delete with page step-back, export.',
  },
  {
    id: 'aedForm',
    machine: aedFormMachine,
    description: 'The AED form: edits kept in a draft and checked with the server rules before a save (never lost on a failed one), geocoding and the pin, and the actions that answer the whole AED: availability as the chart allows, certification, confirmation, soft delete and restore, pictures, contacts, reports, GeoDAE link.',
  },
  {
    id: 'aedMerge',
    machine: aedMergeMachine,
    description: 'Merge of duplicate AEDs: at least two, the receiving one, a value per differing field, confirmation of an empty chosen value, then the merge.',
  },
  {
    id: 'aedBulkHours',
    machine: aedBulkHoursMachine,
    description: 'Opening hours of the AEDs ticked in the list: always open, or one range on the days ticked, checked with the server rules before all are set at once.',
  },
  {
    id: 'history',
    machine: historyMachine,
    description: 'Alert history: filters (calendar range checked against spec §5, address typed with a pause, type, tag, site, test, departures), zero-based page and page size, the chronology modal and the Excel export.',
  },
  {
    id: 'citizenForm',
    machine: citizenFormMachine,
    description: 'Post-intervention form of one responder: load, answers kept in the browser on every change, spec §5 checks, technical-issues modal, send; a failed send stays pending and is sent again by itself, on demand and on the next visit.',
  },
  {
    id: 'dashboard',
    machine: dashboardMachine,
    description: 'Dashboard view: Referent (default), Tech and Admin tabs or the unknown-dashboard message, site filter, departure switch (default 1) fetching only the departures it shows, call actions and account statistics.',
  },
  {
    id: 'indicators',
    machine: indicatorsMachine,
    description: 'Indicators of a page: calendar presets or a custom range, area, site, growth temporality and display mode; each change reloads only the indicators that read it.',
  },
  {
    id: 'notificationList',
    machine: notificationListMachine,
    description: 'The admin notification list: pages of 20 filtered by site, OS and type, refreshed on demand and on REFRESH_NOTIFS; play or stop and delete as the notification chart allows; delete steps back a page when it empties one above the first; duplicate puts the copy on top.',
  },
  {
    id: 'notificationForm',
    machine: notificationFormMachine,
    description: 'The notification add form (also editing a draft): every field, the structured targeting filter, potential recipients counted as the targeting changes, the phone search of a single send, the checks of spec §5 (a draft is never immediate, says the chart), a save that keeps the values when refused, and a test send to a tester.',
  },
  {
    id: 'testers',
    machine: testersMachine,
    description: 'Tester management: the testers, a phone search asked only from 2 characters, add or remove (subUnsub), the test notification, failures as translated toasts.',
  },
  {
    id: 'responderValidation',
    machine: responderValidationMachine,
    description: 'Validation of citizen responders: waiting responders page by page, validate or refuse one, the ticked ones or all after a confirmation, the diploma viewer from a blob released on close.',
  },
  {
    id: 'news',
    machine: newsMachine,
    description: 'The news banner: the latest staff news in the user\'s language, kept under the key notification, shown while its version is above the stored one until dismissed, and only to groups it concerns (an in-app link must lead to one of their screens).',
  },
  {
    id: 'aedImport',
    machine: aedImportMachine,
    description: 'The AED import wizard: upload (header, row count, preset), mapping with exactly one primary key (tab 0 clears the flags), the server run followed by REFRESH_IMPORT and a poll, per-row retry and force, pause, resume, restart, results download, reopened from ?idImport=.',
  },
  {
    id: 'auditLog',
    machine: auditLogMachine,
    description: 'The audit log of super administrators: who did what and when, 50 a page, filtered by action, user id, target (typed, asked after a pause), period and account; each filter change back to page 1, a failed load kept on screen until a refresh.',
  },
  {
    id: 'simulator',
    machine: simulatorMachine,
    description: 'The alert-policy simulator: the runs kept, a form for a proposed policy, a run started and read again until its job is done or failed, a kept run opened.',
  },
];
