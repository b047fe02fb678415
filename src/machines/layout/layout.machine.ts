import { assign, setup } from 'xstate';
import { clearLayoutSettings, writeLayoutSettings } from '../../services/storage';
import { observe } from '../observations';
import { defaultLayoutSettings, sidenavColors, type LayoutContext, type LayoutEvent, type LayoutInput, type LayoutSettings } from './layout.types';

/** Keeps each stored setting only when it has the type its default has. */
function settingsFrom(stored: Record<string, unknown> | null): LayoutSettings {
  const settings = { ...defaultLayoutSettings };
  if (!stored) return settings;
  for (const key of Object.keys(settings) as (keyof LayoutSettings)[]) {
    if (typeof stored[key] === typeof settings[key]) Object.assign(settings, { [key]: stored[key] });
  }
  if (!sidenavColors.includes(settings.sidenavColor)) settings.sidenavColor = defaultLayoutSettings.sidenavColor;
  if (settings.direction !== 'rtl') settings.direction = 'ltr';
  return settings;
}

/** The layout and the configurator panel ("Your settings"): settings persisted locally, reset clears them. */
export const layoutMachine = setup({
  types: {} as { context: LayoutContext; events: LayoutEvent; input: LayoutInput },
  actions: {
    persist: ({ context }) => writeLayoutSettings(context.settings),
    forget: () => clearLayoutSettings(),
    toggleSidenav: assign({ settings: ({ context }) => ({ ...context.settings, miniSidenav: !context.settings.miniSidenav }) }),
    configure: assign({ settings: ({ context }, params: { settings: Partial<LayoutSettings> }) => settingsFrom({ ...context.settings, ...params.settings }) }),
    restoreDefaults: assign({ settings: () => ({ ...defaultLayoutSettings }) }),
  },
}).createMachine({
  id: 'layout',
  // Every page, in the app frame or outside it, carries the language menu and the legal notice.
  meta: observe({ enabled: ['layout.menu.languages', 'layout.footer.legal'] }),
  context: ({ input }) => ({ settings: settingsFrom(input.stored) }),
  initial: 'configuratorClosed',
  on: {
    'layout.toggleSidenav': { actions: ['toggleSidenav', 'persist'] },
    'layout.configure': { actions: [{ type: 'configure', params: ({ event }) => ({ settings: event.settings }) }, 'persist'] },
    'layout.use': { actions: { type: 'configure', params: ({ event }) => ({ settings: { layout: event.layout } }) } },
  },
  states: {
    configuratorClosed: {
      meta: observe({ absent: ['configurator'] }),
      on: { 'layout.openConfigurator': 'configuratorOpen' },
    },
    configuratorOpen: {
      meta: observe({ shown: ['configurator'], enabled: ['configurator.reset'], messages: ['configurator.subtitle'] }),
      on: {
        'layout.closeConfigurator': 'configuratorClosed',
        // Reset clears the whole state: stored settings gone, defaults back, panel closed.
        'layout.reset': { target: 'configuratorClosed', actions: ['restoreDefaults', 'forget'] },
      },
    },
  },
});
