import type { SnapshotFrom } from 'xstate';
import type { layoutMachine } from './layout.machine';

export type LayoutSnapshot = SnapshotFrom<typeof layoutMachine>;

export const settingsOf = (snapshot: LayoutSnapshot) => snapshot.context.settings;
export const isConfiguratorOpen = (snapshot: LayoutSnapshot) => snapshot.matches('configuratorOpen');
/** The side menu shows its full 360 px width. */
export const isSidenavOpen = (snapshot: LayoutSnapshot) => !snapshot.context.settings.miniSidenav;
