import type { SnapshotFrom } from 'xstate';
import { routeCategories, routeSetOf, screens, type RouteCategory, type ScreenName } from '../../../contract/access';
import type { sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** One name per situation a view renders (the `snapshotToState` of the Expensify split). */
export type SessionView =
  | 'restoring'
  | 'signedOut'
  | 'signingIn'
  | 'expired'
  | 'routing'
  | 'active'
  | 'switchingAccount'
  | 'mustUpdatePassword'
  | 'updatingPassword'
  | 'noRights'
  | 'waitingConfiguration';

export function sessionViewOf(snapshot: SessionSnapshot): SessionView {
  const value = snapshot.value;
  if (typeof value === 'string') return value;
  // Listing the switchable accounts happens inside `active` and `waitingConfiguration`: the page is the same.
  const signedIn = value.signedIn;
  return typeof signedIn === 'string' ? signedIn : (Object.keys(signedIn)[0] as SessionView);
}

/** Signed in, whatever page the group gets. */
export const isSignedIn = (snapshot: SessionSnapshot) => snapshot.matches('signedIn');
/** A call of the session is running (sign-in, switch, password update). */
export const isBusy = (snapshot: SessionSnapshot) => snapshot.hasTag('busy');
export const userOf = (snapshot: SessionSnapshot) => snapshot.context.user;
export const messageOf = (snapshot: SessionSnapshot) => snapshot.context.message;
export const wantedPathOf = (snapshot: SessionSnapshot) => snapshot.context.wantedPath;

/** The default page of the session's group: its landing screen, or /dashboards/default for the special pages. */
export function landingPathOf(snapshot: SessionSnapshot): string {
  const landing = routeSetOf(snapshot.context.user?.idGroup ?? 0).landing;
  return landing === 'updatePassword' || landing === 'error' ? '/dashboards/default' : screens[landing].path;
}

/** Whether the session may show a screen now: its group holds it and the account is ready. */
export function canOpen(snapshot: SessionSnapshot, screen: ScreenName): boolean {
  const ready = snapshot.matches({ signedIn: 'active' }) || snapshot.matches({ signedIn: 'switchingAccount' }) || snapshot.matches('expired');
  return ready && routeSetOf(snapshot.context.user?.idGroup ?? 0).screens.includes(screen);
}

export interface MenuSection {
  category: RouteCategory;
  screens: ScreenName[];
}

/** The side menu: the group's screens shown in the menu, by category in the spec's order. */
export function menuOf(snapshot: SessionSnapshot): MenuSection[] {
  const held = routeSetOf(snapshot.context.user?.idGroup ?? 0).screens.filter((name) => screens[name].menu);
  return routeCategories
    .map((category) => ({ category, screens: held.filter((name) => screens[name].category === category) }))
    .filter((section) => section.screens.length > 0);
}

/** Whether an account switch can start now (the account switcher is enabled). */
export const canSwitchAccount = (snapshot: SessionSnapshot) => snapshot.can({ type: 'session.switchAccount', idAccount: 0 });
