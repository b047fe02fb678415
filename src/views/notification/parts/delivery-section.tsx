import { InputNumber } from 'primereact/inputnumber';
import { SelectButton } from 'primereact/selectbutton';
import { DateTimeField } from '../../../components/date-field';
import { useIntl } from '../../../i18n/intl-provider';
import type { Distribution } from '../../../machines/notification-form/notification-form.types';
import { Field } from './form-field';
import { distributionOptions, labelled } from './options';
import { useNotificationForm } from './use-form';

/** When and how fast: distribution now or at a date, and the messages released per second. */
export function DeliverySection() {
  const { t } = useIntl();
  const { values, errors, change } = useNotificationForm();
  return (
    <section className="notif-section surface-card border-round-xl shadow-1" aria-labelledby="section-delivery">
      <h2 id="section-delivery" className="notif-section__title">
        <i className="pi pi-send" aria-hidden /> {t('notification.section.delivery')}
      </h2>
      <div className="notif-grid">
        <Field id="notif-distribution" label={t('notification.field.distribution')} error={errors.distribution} required>
          <SelectButton
            id="notif-distribution"
            value={values.distribution}
            options={labelled(distributionOptions, t)}
            allowEmpty={false}
            invalid={Boolean(errors.distribution)}
            onChange={(event) => event.value && change({ distribution: event.value as Distribution })}
          />
        </Field>
        {values.distribution === 'programmed' ? (
          <Field id="notif-date" label={t('notification.field.programmedDate')} error={errors.programmedDate} required hint={t('notification.field.programmedDate.hint')}>
            <DateTimeField
              inputId="notif-date"
              value={values.programmedDate}
              showIcon
              min="now"
              invalid={Boolean(errors.programmedDate)}
              onChange={(programmedDate) => change({ programmedDate })}
            />
          </Field>
        ) : (
          <p className="notif-immediate-note">
            <i className="pi pi-bolt" aria-hidden /> {t('notification.field.distribution.immediate-note')}
          </p>
        )}
        <Field id="notif-batch" label={t('notification.field.fakeBatch')} error={errors.fakeBatch} required hint={t('notification.field.fakeBatch.hint')}>
          <InputNumber inputId="notif-batch" value={values.fakeBatch} min={0} max={10000} suffix={` ${t('notification.field.fakeBatch.unit')}`} invalid={Boolean(errors.fakeBatch)} onValueChange={(event) => change({ fakeBatch: event.value ?? null })} />
        </Field>
      </div>
    </section>
  );
}
