import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { aedBrands } from '../../../../contract/aed-options';
import type { AedEditableField } from '../../../../contract/aed.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { aedOf, optionsOf, valueOf } from '../../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from '../aed-form-actor';
import { ChoiceField, DayField, NumberField, SwitchField, TextField } from './form-fields';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The vigilance state of a consumable as the server computed it for the stored AED. */
function VigilanceTag({ part }: { part: 'battery' | 'pads' | 'childPads' }) {
  const { t } = useIntl();
  const state = AedFormActor.useSelector((snapshot) => aedOf(snapshot)?.vigilance[part] ?? 'unknown');
  if (state === 'ok' || state === 'none') return state === 'ok' ? <Tag severity="success" value={t('aed.vigilance.ok')} className="aed-badge" /> : null;
  return <Tag severity={state === 'expired' ? 'danger' : state === 'soon' ? 'warning' : 'secondary'} value={t(state === 'unknown' ? 'aed.vigilance.unknown' : `aed.vigilance.${part}.${state}`)} className="aed-badge" data-vigilance={`${part}-${state}`} />;
}

function Consumable({ title, lot, expiry, part, children }: { title: string; lot: AedEditableField; expiry: AedEditableField; part?: 'battery' | 'pads' | 'childPads'; children?: ReactNode }) {
  return (
    <div className="consumable">
      <div className="consumable__head">
        <span className="font-semibold">{title}</span>
        {part ? <VigilanceTag part={part} /> : null}
      </div>
      {children}
      <div className="formgrid grid">
        <TextField field={lot} className="col-12 md:col-6" maxLength={100} />
        <DayField field={expiry} className="col-12 md:col-6" />
      </div>
    </div>
  );
}

/** Device and consumables (spec §3): brand, model, versions, install date, cabinet; pads, child pads, battery and pads pack lots and expiry. */
export function DeviceSection() {
  const { t } = useIntl();
  const form = AedFormActor.useActorRef();
  const options = AedFormActor.useSelector(optionsOf, sameJson);
  const brand = AedFormActor.useSelector((snapshot) => valueOf(snapshot, 'brand') as string | null);
  const hasChildPads = AedFormActor.useSelector((snapshot) => valueOf(snapshot, 'hasChildPads') === true);
  const brands = options?.brands?.map((option) => ({ value: String(option.value), label: option.label })) ?? Object.keys(aedBrands).map((value) => ({ value, label: value }));
  const models = (options?.models ?? Object.entries(aedBrands).flatMap(([owner, list]) => list.map((model) => ({ value: model, label: model, brand: owner }))))
    .filter((option) => !brand || option.brand === brand)
    .map((option) => ({ value: String(option.value), label: option.label }));
  // A brand or model outside the lists (an import, an old device) stays choosable.
  const withCurrent = (list: Array<{ value: string; label: string }>, current: unknown) => (typeof current === 'string' && current && !list.some((option) => option.value === current) ? [{ value: current, label: current }, ...list] : list);
  const model = AedFormActor.useSelector((snapshot) => valueOf(snapshot, 'model'));
  return (
    <div className="aed-section-grid" data-testid="section-device">
      <div className="aed-card">
        <h3 className="aed-card__title">{t('aed.form.section.device')}</h3>
        <div className="formgrid grid">
          <ChoiceField field="brand" className="col-12 md:col-6" options={withCurrent(brands, brand)} filter onChosen={(value) => value !== brand && form.send({ type: 'field.change', field: 'model', value: null })} />
          <ChoiceField field="model" className="col-12 md:col-6" options={withCurrent(models, model)} filter />
          <TextField field="serialNumber" className="col-12 md:col-6" maxLength={100} />
          <TextField field="softwareVersion" className="col-12 md:col-6" maxLength={60} />
          <DayField field="installDate" className="col-12 md:col-6" />
          <TextField field="cabinetId" className="col-12 md:col-6" maxLength={100} />
        </div>
      </div>
      <div className="aed-card">
        <h3 className="aed-card__title">{t('aed.form.section.consumables')}</h3>
        <Consumable title={t('aed.consumable.pads')} lot="padsLot" expiry="padsExpiration" part="pads" />
        <Consumable title={t('aed.consumable.childPads')} lot="childPadsLot" expiry="childPadsExpiration" part={hasChildPads ? 'childPads' : undefined}>
          <SwitchField field="hasChildPads" />
        </Consumable>
        <Consumable title={t('aed.consumable.battery')} lot="batteryLot" expiry="batteryExpiration" part="battery" />
        <Consumable title={t('aed.consumable.padsPack')} lot="padsPackLot" expiry="padsPackExpiration" />
      </div>
    </div>
  );
}

/** Maintenance (spec §3): reminder type, period and last date; inspection; private comment. */
export function MaintenanceSection() {
  const { t } = useIntl();
  const options = AedFormActor.useSelector(optionsOf, sameJson);
  const type = AedFormActor.useSelector((snapshot) => valueOf(snapshot, 'maintenanceAlertType'));
  const types = options?.maintenanceAlertTypes?.map((option) => ({ value: String(option.value), label: option.label })) ?? ['none', 'period', 'date'].map((value) => ({ value, label: t(`aed.filter.value.maintenanceAlertType.${value}`) }));
  return (
    <div className="aed-section-grid" data-testid="section-maintenance">
      <div className="aed-card">
        <h3 className="aed-card__title">{t('aed.form.section.maintenance')}</h3>
        <div className="formgrid grid">
          <ChoiceField field="maintenanceAlertType" className="col-12" options={types} />
          {type === 'period' ? <NumberField field="maintenancePeriod" className="col-12 md:col-6" suffix={` ${t('aed.form.months')}`} min={1} max={120} /> : null}
          <DayField field="maintenanceLastDate" className="col-12 md:col-6" />
        </div>
      </div>
      <div className="aed-card">
        <h3 className="aed-card__title">{t('aed.form.section.inspection')}</h3>
        <div className="formgrid grid">
          <TextField field="inspectedBy" className="col-12 md:col-6" maxLength={200} />
          <DayField field="lastInspection" className="col-12 md:col-6" />
          <TextField field="privateComment" className="col-12" multiline maxLength={4000} hint={t('aed.form.private-hint')} />
        </div>
      </div>
    </div>
  );
}
