import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { useIntl } from '../../../i18n/intl-provider';
import type { MessageLanguage, MessageType } from '../../../machines/notification-form/notification-form.types';
import { Field } from './form-field';
import { labelled, languageOptions, messageTypeOptions } from './options';
import { useNotificationForm } from './use-form';

const messageMax = 1000;

/** What the responders read: title, type, language, message and an optional link. */
export function MessageSection() {
  const { t } = useIntl();
  const { values, errors, change } = useNotificationForm();
  return (
    <section className="notif-section surface-card border-round-xl shadow-1" aria-labelledby="section-message">
      <h2 id="section-message" className="notif-section__title">
        <i className="pi pi-comment" aria-hidden /> {t('notification.section.message')}
      </h2>
      <div className="notif-grid">
        <Field id="notif-title" label={t('notification.field.title')} error={errors.title} required className="is-wide">
          <InputText id="notif-title" value={values.title} maxLength={120} invalid={Boolean(errors.title)} onChange={(event) => change({ title: event.target.value })} />
        </Field>
        <Field id="notif-type" label={t('notification.field.messageType')} error={errors.messageType} required>
          <Dropdown inputId="notif-type" value={values.messageType} options={labelled(messageTypeOptions, t)} invalid={Boolean(errors.messageType)} onChange={(event) => change({ messageType: event.value as MessageType })} />
        </Field>
        <Field id="notif-language" label={t('notification.field.language')} error={errors.language} required hint={t('notification.field.language.hint')}>
          <SelectButton
            id="notif-language"
            value={values.language}
            options={labelled(languageOptions, t)}
            allowEmpty={false}
            invalid={Boolean(errors.language)}
            onChange={(event) => event.value && change({ language: event.value as MessageLanguage })}
          />
        </Field>
        <Field id="notif-message" label={t('notification.field.message')} error={errors.message} required className="is-wide" hint={t('notification.field.message.count', { count: values.message.length, max: messageMax })}>
          <InputTextarea id="notif-message" value={values.message} rows={4} autoResize maxLength={messageMax} invalid={Boolean(errors.message)} onChange={(event) => change({ message: event.target.value })} />
        </Field>
        <Field id="notif-url" label={t('notification.field.url')} error={errors.url} className="is-wide" hint={t('notification.field.url.hint')}>
          <InputText id="notif-url" type="url" value={values.url} placeholder="https://" invalid={Boolean(errors.url)} onChange={(event) => change({ url: event.target.value })} />
        </Field>
      </div>
    </section>
  );
}
