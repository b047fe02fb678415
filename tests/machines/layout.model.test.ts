import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { layoutMachine } from '../../src/machines/layout/layout.machine';
import { defaultLayoutSettings } from '../../src/machines/layout/layout.types';
import { readLayoutSettings, writeLayoutSettings } from '../../src/services/storage';
import { describePathModel } from './kit';
import { pathModel } from './layout.samples';

describePathModel(pathModel);

describe('layout settings', () => {
  it('start from the defaults of spec §4, keep each change, and reset clears them', () => {
    const actor = createActor(layoutMachine, { input: { stored: null } }).start();
    expect(actor.getSnapshot().context.settings).toEqual({
      miniSidenav: true,
      transparentSidenav: false,
      sidenavColor: 'warning',
      transparentNavbar: false,
      fixedNavbar: true,
      direction: 'ltr',
      layout: 'dashboard',
    });
    expect(actor.getSnapshot().matches('configuratorClosed')).toBe(true);
    actor.send({ type: 'layout.toggleSidenav' });
    actor.send({ type: 'layout.configure', settings: { sidenavColor: 'error', fixedNavbar: false } });
    expect(readLayoutSettings()).toMatchObject({ miniSidenav: false, sidenavColor: 'error', fixedNavbar: false });
    actor.send({ type: 'layout.openConfigurator' });
    actor.send({ type: 'layout.reset' });
    expect(actor.getSnapshot().context.settings).toEqual(defaultLayoutSettings);
    expect(actor.getSnapshot().matches('configuratorClosed')).toBe(true);
    expect(readLayoutSettings()).toBeNull();
  });

  it('ignores stored values of the wrong kind', () => {
    writeLayoutSettings({ miniSidenav: 'yes', sidenavColor: 'purple', direction: 'rtl', fixedNavbar: false });
    const actor = createActor(layoutMachine, { input: { stored: readLayoutSettings() } }).start();
    expect(actor.getSnapshot().context.settings).toMatchObject({ miniSidenav: true, sidenavColor: 'warning', direction: 'rtl', fixedNavbar: false });
  });
});
