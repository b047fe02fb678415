import type { RouteCategory, ScreenName } from '../../../contract/access';

/** Menu icon of each screen (primeicons). */
export const screenIcons: Record<ScreenName, string> = {
  dashboardView: 'pi pi-chart-bar',
  dashboardSimulator: 'pi pi-sliders-h',
  alertCall: 'pi pi-megaphone',
  alertTutorial: 'pi pi-book',
  alertDashboard: 'pi pi-chart-line',
  alertHistory: 'pi pi-history',
  citizenAlertForm: 'pi pi-file-edit',
  testerManagement: 'pi pi-mobile',
  aedList: 'pi pi-heart',
  aedForm: 'pi pi-pencil',
  aedImport: 'pi pi-upload',
  notificationList: 'pi pi-send',
  notificationAdd: 'pi pi-plus',
  auditLog: 'pi pi-list-check',
  responderValidation: 'pi pi-id-card',
};

/** Icon of each menu category. */
export const categoryIcons: Record<RouteCategory, string> = {
  dashboard: 'pi pi-th-large',
  alert: 'pi pi-bell',
  aed: 'pi pi-heart-fill',
  admin: 'pi pi-cog',
  citizen: 'pi pi-users',
};

/** Title key of each menu category (spec §2). */
export const categoryTitleKey = (category: RouteCategory) => `configurator.title.category.${category}`;
