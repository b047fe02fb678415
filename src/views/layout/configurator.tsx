import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { Sidebar } from 'primereact/sidebar';
import { useIntl } from '../../i18n/intl-provider';
import { isConfiguratorOpen } from '../../machines/layout/layout.selectors';
import { sidenavColors, type LayoutSettings } from '../../machines/layout/layout.types';
import { LayoutActor } from '../app/actor-contexts';

type SwitchSetting = 'miniSidenav' | 'transparentSidenav' | 'transparentNavbar' | 'fixedNavbar';
const switches: { setting: SwitchSetting; key: string }[] = [
  { setting: 'miniSidenav', key: 'configurator.mini-sidenav' },
  { setting: 'transparentSidenav', key: 'configurator.transparent-sidenav' },
  { setting: 'transparentNavbar', key: 'configurator.transparent-navbar' },
  { setting: 'fixedNavbar', key: 'configurator.fixed-navbar' },
];

/** "Your settings" (spec §4): layout options kept in this browser, and a reset back to the defaults. */
export function Configurator() {
  const layout = LayoutActor.useActorRef();
  const open = LayoutActor.useSelector(isConfiguratorOpen);
  const settings = LayoutActor.useSelector((snapshot) => snapshot.context.settings);
  const { t, direction } = useIntl();
  const configure = (change: Partial<LayoutSettings>) => layout.send({ type: 'layout.configure', settings: change });
  return (
    <Sidebar
      visible={open}
      position={direction === 'rtl' ? 'left' : 'right'}
      onHide={() => layout.send({ type: 'layout.closeConfigurator' })}
      header={<span className="text-xl font-semibold">{t('configurator.title')}</span>}
      className="configurator"
    >
      <p className="text-600 mt-0 mb-4" data-testid="configurator">{t('configurator.subtitle')}</p>
      {switches.map(({ setting, key }) => (
        <div key={setting} className="configurator__row">
          <label htmlFor={`setting-${setting}`}>{t(key)}</label>
          <InputSwitch inputId={`setting-${setting}`} checked={settings[setting]} onChange={(event) => configure({ [setting]: Boolean(event.value) })} />
        </div>
      ))}
      <div className="configurator__block">
        <span id="setting-colour">{t('configurator.sidenav-color')}</span>
        <div className="flex gap-2 mt-2" role="group" aria-labelledby="setting-colour">
          {sidenavColors.map((color) => (
            <button
              key={color}
              type="button"
              className={`colour-swatch swatch-${color} ${settings.sidenavColor === color ? 'is-current' : ''}`}
              aria-pressed={settings.sidenavColor === color}
              aria-label={t(`configurator.color.${color}`)}
              title={t(`configurator.color.${color}`)}
              onClick={() => configure({ sidenavColor: color })}
            />
          ))}
        </div>
      </div>
      <div className="configurator__block">
        <span id="setting-direction">{t('configurator.direction')}</span>
        <SelectButton
          className="mt-2"
          aria-labelledby="setting-direction"
          value={settings.direction}
          allowEmpty={false}
          options={[
            { label: t('configurator.direction.ltr'), value: 'ltr' },
            { label: t('configurator.direction.rtl'), value: 'rtl' },
          ]}
          onChange={(event) => configure({ direction: event.value as LayoutSettings['direction'] })}
        />
      </div>
      <Button
        type="button"
        className="w-full mt-5"
        icon="pi pi-refresh"
        label={t('configurator.reset')}
        severity="secondary"
        outlined
        onClick={() => layout.send({ type: 'layout.reset' })}
      />
    </Sidebar>
  );
}
