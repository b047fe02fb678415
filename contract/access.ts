import { groups } from './groups';

/**
 * Who may do what: the one table the server enforces, the SPA's menu follows, and the permission
 * matrix test and docs/permissions.md are generated from. Spec §6.
 */
export const routeCategories = ['dashboard', 'alert', 'aed', 'admin', 'citizen'] as const;
export type RouteCategory = (typeof routeCategories)[number];

/** Every screen of spec §2 behind sign-in, with its menu category and title key. */
export const screens = {
  dashboardView: { path: '/dashboard/view', category: 'dashboard', title: 'route.dashboard.view', menu: true },
  dashboardSimulator: { path: '/dashboard/simulator', category: 'dashboard', title: 'route.dashboard.simulator', menu: true },
  alertCall: { path: '/alert/call', category: 'alert', title: 'route.alert.call', menu: true },
  alertTutorial: { path: '/alert/tutorial', category: 'alert', title: 'route.alert.tutorial', menu: true },
  alertDashboard: { path: '/alert/dashboard', category: 'alert', title: 'route.alert.dashboard', menu: true },
  alertHistory: { path: '/alert/history', category: 'alert', title: 'route.alert.history', menu: true },
  citizenAlertForm: { path: '/alert/citizenAlertForm/:id', category: 'alert', title: 'route.alert.citizen-form', menu: false },
  testerManagement: { path: '/alert/testerManagement', category: 'alert', title: 'route.alert.testers', menu: true },
  aedList: { path: '/aed/list', category: 'aed', title: 'route.aed.list', menu: true },
  aedForm: { path: '/aed/form/update/:udid', category: 'aed', title: 'route.aed.form', menu: false },
  aedImport: { path: '/aed/import', category: 'aed', title: 'route.aed.import', menu: true },
  notificationList: { path: '/admin/notification/list', category: 'admin', title: 'route.admin.notifications', menu: true },
  notificationAdd: { path: '/admin/notification/add', category: 'admin', title: 'route.admin.notification-add', menu: false },
  auditLog: { path: '/admin/audit', category: 'admin', title: 'route.admin.audit', menu: true },
  responderValidation: { path: '/firstResponder/validation', category: 'citizen', title: 'route.citizen.validation', menu: true },
} as const satisfies Record<string, { path: string; category: RouteCategory; title: string; menu: boolean }>;

export type ScreenName = keyof typeof screens;

interface RouteSet {
  screens: readonly ScreenName[];
  landing: ScreenName | 'updatePassword' | 'error';
}

const allScreens = Object.keys(screens) as ScreenName[];
const operatorScreens = ['alertCall', 'alertTutorial', 'alertDashboard', 'aedList', 'aedForm'] as const satisfies readonly ScreenName[];

/** Route sets by group, spec §6. Groups 100001 and 100002 reach only their one page. */
export const routeSets: Record<number, RouteSet> = {
  [groups.superAdmin]: { screens: allScreens, landing: 'dashboardView' },
  [groups.operator]: { screens: operatorScreens, landing: 'alertCall' },
  [groups.administrator]: {
    screens: [...operatorScreens, 'alertHistory', 'testerManagement', 'citizenAlertForm', 'dashboardSimulator'],
    landing: 'alertCall',
  },
  [groups.referent]: { screens: ['dashboardView', 'dashboardSimulator', 'alertHistory', 'citizenAlertForm', 'aedList', 'aedForm'], landing: 'dashboardView' },
  [groups.aedManager]: { screens: ['aedList', 'aedForm'], landing: 'aedList' },
  [groups.aedEditor]: { screens: ['aedList', 'aedForm'], landing: 'aedList' },
  [groups.updatePassword]: { screens: [], landing: 'updatePassword' },
  [groups.noRights]: { screens: [], landing: 'error' },
};

/** The route set of a group; an unknown group gets the error set (spec §6). */
export function routeSetOf(idGroup: number): RouteSet {
  return routeSets[idGroup] ?? routeSets[groups.noRights];
}

/** The screen an in-app path opens (`/aed/form/update/x1` → aedForm), or null when none does. */
export function screenAt(path: string): ScreenName | null {
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  const found = (Object.keys(screens) as ScreenName[]).find((name) => new RegExp(`^${screens[name].path.replace(/:[^/]+/g, '[^/]+')}$`).test(pathname));
  return found ?? null;
}

/** Whether a group may open an in-app path: a screen of its route set. */
export function mayOpenPath(idGroup: number, path: string): boolean {
  const screen = screenAt(path);
  return screen !== null && routeSetOf(idGroup).screens.includes(screen);
}

/** Server-side capabilities and the groups that hold them. */
export const capabilities = {
  'alert.dispatch': [1, 5, 6],
  'alert.reporting': [1, 5, 6],
  'alert.history': [1, 6, 7],
  'alert.callback': [1, 6, 7],
  'alert.testers': [1, 6],
  'dashboard.view': [1, 7],
  /** The alert-policy simulator: the analysts (referents, administrators). */
  'alert.simulation': [1, 6, 7],
  'aed.read': [1, 5, 6, 7, 8, 9],
  'aed.write': [1, 5, 6, 7, 8, 9],
  'aed.import': [1],
  'aed.merge': [1, 8],
  /** Open-data files of the register (GeoDAE declaration, OpenStreetMap): what an AED manager hands to others. */
  'aed.openData': [1, 8],
  'admin.notifications': [1],
  'citizen.validate': [1],
  'audit.read': [1],
  'inspect.live': [1],
  'account.read': [1, 5, 6, 7, 8, 9],
} as const satisfies Record<string, readonly number[]>;

export type Capability = keyof typeof capabilities;

/** The indicators feed the dashboard view and the alert reporting page: either capability opens them. */
export const indicatorCapabilities = ['dashboard.view', 'alert.reporting'] as const satisfies readonly Capability[];

/** Whether a group holds a capability. */
export function can(idGroup: number, capability: Capability): boolean {
  return (capabilities[capability] as readonly number[]).includes(idGroup);
}
