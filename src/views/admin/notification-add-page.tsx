import '../notification/community.css';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { screens } from '../../../contract/access';
import { useIntl } from '../../i18n/intl-provider';
import { errorKeyOf, isDraftEdit, isSaving, isSubmittable, phaseOf } from '../../machines/notification-form/notification-form.selectors';
import type { MessageLanguage } from '../../machines/notification-form/notification-form.types';
import { NotificationFormActor } from '../notification/notification-actors';
import { DeliverySection } from '../notification/parts/delivery-section';
import { MassSendConfirm } from '../notification/parts/mass-send-confirm';
import { PotentialCard, TestCard } from '../notification/parts/form-side';
import { MessageSection } from '../notification/parts/message-section';
import { RecipientsSection } from '../notification/parts/recipients-section';
import { useNotificationForm } from '../notification/parts/use-form';

/** New push notification (spec §2, §3, §5): /admin/notification/add, and ?id=… to go on with a draft. */
export default function NotificationAddPage() {
  const [params] = useSearchParams();
  const { language } = useIntl();
  const id = Number(params.get('id'));
  const draftId = Number.isInteger(id) && id > 0 ? id : null;
  return (
    // A new draft is a new form.
    <NotificationFormActor.Provider key={draftId ?? 'new'} options={{ input: { id: draftId, language: language.iso as MessageLanguage } }}>
      <NotificationFormScreen />
    </NotificationFormActor.Provider>
  );
}

function NotificationFormScreen() {
  const { t } = useIntl();
  const navigate = useNavigate();
  const { form, values } = useNotificationForm();
  const phase = NotificationFormActor.useSelector(phaseOf);
  const errorKey = NotificationFormActor.useSelector(errorKeyOf);
  const saving = NotificationFormActor.useSelector(isSaving);
  const draft = NotificationFormActor.useSelector(isDraftEdit);
  // A send to many phones is confirmed with its recipient count first; a single send goes at once.
  const [confirming, setConfirming] = useState(false);
  const submit = () => form.send({ type: 'form.submit' });

  useEffect(() => {
    if (phase === 'saved') navigate(screens.notificationList.path);
  }, [phase, navigate]);

  if (phase === 'loadingDraft') {
    return (
      <div className="community-page align-items-center p-6">
        <ProgressSpinner aria-label={t('notification.form.loading')} />
      </div>
    );
  }
  if (phase === 'draftFailed') {
    return (
      <section className="community-card surface-card border-round-xl shadow-1 p-5 flex flex-column gap-3 align-items-start" data-testid="draft-failed">
        <Message severity="error" text={t(errorKey ?? 'error.notification.draft-load')} />
        <div className="flex gap-2">
          <Button type="button" icon="pi pi-arrow-left" label={t('notification.form.back')} text onClick={() => navigate(screens.notificationList.path)} />
          <Button type="button" icon="pi pi-plus" label={t('notification.form.start-new')} onClick={() => form.send({ type: 'form.reset' })} />
        </div>
      </section>
    );
  }
  return (
    <form
      className="community-page notif-form"
      data-testid="notification-form"
      data-phase={phase}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (values.sendingType === 'multiple' && isSubmittable(form.getSnapshot())) setConfirming(true);
        else submit();
      }}
    >
      <header className="notif-form__header">
        <div>
          <h2 className="notif-form__heading">{draft ? t('notification.form.edit-draft') : t('notification.form.new')}</h2>
          <p className="notif-form__lead">{t('notification.form.lead')}</p>
        </div>
      </header>
      {errorKey ? <Message severity="error" text={t(errorKey)} className="justify-content-start" data-testid="save-error" /> : null}
      <MassSendConfirm
        visible={confirming}
        immediate={values.distribution === 'immediate'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          submit();
        }}
      />
      <div className="notif-form__layout">
        <div className="notif-form__main">
          <MessageSection />
          <RecipientsSection />
          <DeliverySection />
        </div>
        <aside className="notif-form__side">
          <section className="notif-side-card notif-form__actions surface-card border-round-xl shadow-1" aria-label={t('notification.form.actions')}>
            <Button
              type="submit"
              icon={values.distribution === 'immediate' ? 'pi pi-send' : 'pi pi-calendar-plus'}
              label={values.distribution === 'immediate' ? t('notification.form.send-now') : t('notification.form.schedule')}
              loading={saving}
              className="w-full"
              data-testid="submit-notification"
            />
            <Button type="button" icon="pi pi-save" label={t('notification.form.save-draft')} outlined disabled={saving} className="w-full" data-testid="save-draft" onClick={() => form.send({ type: 'form.saveDraft' })} />
            <Button type="button" icon="pi pi-arrow-left" label={t('notification.common.cancel')} text severity="secondary" className="w-full" onClick={() => navigate(screens.notificationList.path)} />
          </section>
          <PotentialCard />
          <TestCard />
        </aside>
      </div>
    </form>
  );
}
