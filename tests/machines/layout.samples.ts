import { layoutMachine } from '../../src/machines/layout/layout.machine';
import { definePathModel, type EventSamples } from './kit';

/** Model of the layout machine (configurator panel and settings) for `npm run test:paths`. */
export const layoutEvents = {
  'layout.toggleSidenav': [{ type: 'layout.toggleSidenav' }],
  'layout.configure': [{ type: 'layout.configure', settings: { sidenavColor: 'dark', direction: 'rtl' } }],
  'layout.use': [{ type: 'layout.use', layout: 'page' }],
  'layout.reset': [{ type: 'layout.reset' }],
  'layout.openConfigurator': [{ type: 'layout.openConfigurator' }],
  'layout.closeConfigurator': [{ type: 'layout.closeConfigurator' }],
} satisfies EventSamples<typeof layoutMachine>;

export const pathModel = definePathModel({
  machine: layoutMachine,
  input: { stored: null },
  events: layoutEvents,
  // No guard reads the settings: the panel state is the whole chart.
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
});
