import type { ComponentType } from 'react';
import type { ScreenName } from '../../../contract/access';

/**
 * The page module of every screen of contract/access.ts. A screen's page is the default export of
 * src/views/<area>/<screen>-page.tsx; building a screen means replacing that file, nothing here.
 */
export const screenPages: Record<ScreenName, () => Promise<{ default: ComponentType }>> = {
  dashboardView: () => import('../dashboard/dashboard-view-page'),
  dashboardSimulator: () => import('../simulator/simulator-page'),
  alertCall: () => import('../alert/alert-call-page'),
  alertTutorial: () => import('../alert/alert-tutorial-page'),
  alertDashboard: () => import('../dashboard/alert-dashboard-page'),
  alertHistory: () => import('../history/alert-history-page'),
  citizenAlertForm: () => import('../citizen-form/citizen-alert-form-page'),
  testerManagement: () => import('../alert/tester-management-page'),
  aedList: () => import('../aed/aed-list-page'),
  aedForm: () => import('../aed/aed-form-page'),
  aedImport: () => import('../aed/aed-import-page'),
  notificationList: () => import('../admin/notification-list-page'),
  notificationAdd: () => import('../admin/notification-add-page'),
  auditLog: () => import('../admin/audit-log-page'),
  responderValidation: () => import('../citizen/responder-validation-page'),
};
