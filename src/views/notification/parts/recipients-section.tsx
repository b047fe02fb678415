import { AutoComplete } from 'primereact/autocomplete';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useIntl } from '../../../i18n/intl-provider';
import { deviceOf, hitsOf, sitesOf } from '../../../machines/notification-form/notification-form.selectors';
import type { EngagementLevel, OsDevice, SendingType, TargetAccountStatus } from '../../../machines/notification-form/notification-form.types';
import type { CitizenDevice } from '../../../services/notification.api';
import { NotificationFormActor } from '../notification-actors';
import { FilterEditor } from './filter-editor';
import { Field } from './form-field';
import { accountStatusOptions, engagementOptions, labelled, osIcons, osOptions, sendingTypeOptions } from './options';
import { useNotificationForm } from './use-form';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One phone found for a single send. */
function DeviceLine({ device }: { device: CitizenDevice }) {
  return (
    <span className="notif-device">
      <i className={osIcons[device.os] ?? 'pi pi-mobile'} aria-hidden />
      <strong>
        {device.firstName} {device.lastName}
      </strong>
      <small>
        {device.phone} · {device.email}
      </small>
    </span>
  );
}

/** The single send's phone: a search of the application's responders (name, phone, e-mail or udid). */
function PhoneSearch() {
  const { t } = useIntl();
  const { form, values, errors } = useNotificationForm();
  const hits = NotificationFormActor.useSelector(hitsOf, sameJson);
  const device = NotificationFormActor.useSelector(deviceOf, sameJson);
  const [text, setText] = useState<string | CitizenDevice>(device ?? values.udid ?? '');
  return (
    <Field id="notif-udid" label={t('notification.field.udid')} error={errors.udid} required className="is-wide" hint={values.idSite === null ? t('notification.field.udid.site-first') : t('notification.field.udid.hint')}>
      <AutoComplete
        inputId="notif-udid"
        value={text}
        suggestions={hits}
        field="udid"
        delay={300}
        minLength={2}
        disabled={values.idSite === null}
        invalid={Boolean(errors.udid)}
        itemTemplate={(hit: CitizenDevice) => <DeviceLine device={hit} />}
        selectedItemTemplate={(hit: CitizenDevice) => `${hit.firstName} ${hit.lastName} (${hit.udid})`}
        completeMethod={(event) => form.send({ type: 'udid.search', text: event.query })}
        onChange={(event) => {
          setText(event.value as string | CitizenDevice);
          if (typeof event.value === 'string' && values.udid) form.send({ type: 'udid.choose', device: null });
        }}
        onSelect={(event) => form.send({ type: 'udid.choose', device: event.value as CitizenDevice })}
        placeholder={t('notification.field.udid.placeholder')}
        className="w-full"
        inputClassName="w-full"
      />
      {values.udid ? (
        <small className="notif-chosen" data-testid="chosen-udid">
          <i className="pi pi-check-circle" aria-hidden /> {device ? `${device.firstName} ${device.lastName} · ` : ''}
          {values.udid}
        </small>
      ) : null}
    </Field>
  );
}

/** Who receives it: application, OS, single phone or targeting (engagement, account status, prefix, build, filter). */
export function RecipientsSection() {
  const { t } = useIntl();
  const { values, errors, change } = useNotificationForm();
  const sites = NotificationFormActor.useSelector(sitesOf, sameJson);
  return (
    <section className="notif-section surface-card border-round-xl shadow-1" aria-labelledby="section-recipients">
      <h2 id="section-recipients" className="notif-section__title">
        <i className="pi pi-users" aria-hidden /> {t('notification.section.recipients')}
      </h2>
      <div className="notif-grid">
        <Field id="notif-site" label={t('notification.field.application')} error={errors.idSite} required>
          <Dropdown
            inputId="notif-site"
            value={values.idSite}
            options={sites.map((site) => ({ value: site.id, label: site.name }))}
            placeholder={t('notification.field.application.placeholder')}
            invalid={Boolean(errors.idSite)}
            onChange={(event) => change({ idSite: event.value as number })}
          />
        </Field>
        <Field id="notif-os" label={t('notification.field.os')} error={errors.osDevice} required>
          <SelectButton
            id="notif-os"
            value={values.osDevice}
            options={labelled(osOptions, t)}
            allowEmpty={false}
            itemTemplate={(option: { value: string; label: string }) => (
              <span className="flex align-items-center gap-2">
                <i className={osIcons[option.value]} aria-hidden /> {option.label}
              </span>
            )}
            onChange={(event) => event.value && change({ osDevice: event.value as OsDevice })}
          />
        </Field>
        <Field id="notif-sending" label={t('notification.field.sendingType')} error={errors.sendingType} required className="is-wide">
          <SelectButton id="notif-sending" value={values.sendingType} options={labelled(sendingTypeOptions, t)} allowEmpty={false} onChange={(event) => event.value && change({ sendingType: event.value as SendingType })} />
        </Field>
        {values.sendingType === 'single' ? (
          <PhoneSearch />
        ) : (
          <>
            <Field id="notif-engagement" label={t('notification.field.engagementLevel')}>
              <Dropdown inputId="notif-engagement" value={values.engagementLevel} options={labelled(engagementOptions, t)} onChange={(event) => change({ engagementLevel: event.value as EngagementLevel })} />
            </Field>
            <Field id="notif-account-status" label={t('notification.field.accountStatus')}>
              <Dropdown inputId="notif-account-status" value={values.accountStatus} options={labelled(accountStatusOptions, t)} onChange={(event) => change({ accountStatus: event.value as TargetAccountStatus })} />
            </Field>
            <Field id="notif-prefix" label={t('notification.field.phonePrefix')} error={errors.phonePrefix} hint={t('notification.field.phonePrefix.hint')}>
              <InputText id="notif-prefix" value={values.phonePrefix} placeholder="+33" invalid={Boolean(errors.phonePrefix)} onChange={(event) => change({ phonePrefix: event.target.value })} />
            </Field>
          </>
        )}
        <Field id="notif-build" label={t('notification.field.buildVersion')} error={errors.buildVersion} hint={t('notification.field.buildVersion.hint')}>
          <InputText id="notif-build" value={values.buildVersion} placeholder="816" inputMode="numeric" invalid={Boolean(errors.buildVersion)} onChange={(event) => change({ buildVersion: event.target.value })} />
        </Field>
        {values.sendingType === 'multiple' ? (
          <div className="is-wide">
            <FilterEditor />
          </div>
        ) : null}
      </div>
    </section>
  );
}
