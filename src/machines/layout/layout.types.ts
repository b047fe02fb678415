/** Colours the side navigation can take for its active link and accents. */
export const sidenavColors = ['primary', 'dark', 'info', 'success', 'warning', 'error'] as const;
export type SidenavColor = (typeof sidenavColors)[number];

/** "Your settings" (spec §4 layout defaults), kept in the browser. */
export interface LayoutSettings {
  /** Side menu collapsed to its icon strip. */
  miniSidenav: boolean;
  transparentSidenav: boolean;
  sidenavColor: SidenavColor;
  transparentNavbar: boolean;
  fixedNavbar: boolean;
  direction: 'ltr' | 'rtl';
  /** Which frame the current page uses: the dashboard frame or a bare page (auth screens). */
  layout: 'dashboard' | 'page';
}

export const defaultLayoutSettings: LayoutSettings = {
  miniSidenav: true,
  transparentSidenav: false,
  sidenavColor: 'warning',
  transparentNavbar: false,
  fixedNavbar: true,
  direction: 'ltr',
  layout: 'dashboard',
};

export interface LayoutContext {
  settings: LayoutSettings;
}

export interface LayoutInput {
  /** What the browser kept; unknown or malformed entries fall back to the defaults. */
  stored: Record<string, unknown> | null;
}

export type LayoutEvent =
  | { type: 'layout.toggleSidenav' }
  | { type: 'layout.configure'; settings: Partial<LayoutSettings> }
  | { type: 'layout.use'; layout: LayoutSettings['layout'] }
  | { type: 'layout.reset' }
  | { type: 'layout.openConfigurator' }
  | { type: 'layout.closeConfigurator' };
