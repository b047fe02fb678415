import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useIntl } from '../../../i18n/intl-provider';
import { isTesting, potentialOf, testErrorsOf, testersOf } from '../../../machines/notification-form/notification-form.selectors';
import { NotificationFormActor } from '../notification-actors';
import { osIcons } from './options';
import { useNotificationForm } from './use-form';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** How many responders and phones the targeting reaches now. */
export function PotentialCard() {
  const { t, locale } = useIntl();
  const { form, values, errors } = useNotificationForm();
  const potential = NotificationFormActor.useSelector(potentialOf, sameJson);
  const number = new Intl.NumberFormat(locale.replace('_', '-'));
  let body;
  if (values.sendingType === 'single') body = <p className="notif-side__note">{t('notification.potential.single')}</p>;
  else if (potential.state === 'counting')
    body = (
      <p className="notif-side__note flex align-items-center gap-2">
        <ProgressSpinner style={{ width: '1.2rem', height: '1.2rem' }} strokeWidth="6" /> {t('notification.potential.counting')}
      </p>
    );
  else if (potential.state === 'counted' && potential.potential)
    body = (
      <div className="notif-potential" data-testid="potential-count" data-devices={potential.potential.devices}>
        <span className="notif-potential__figure">{number.format(potential.potential.citizens)}</span>
        <span className="notif-potential__label">{t('notification.potential.citizens', { count: potential.potential.citizens })}</span>
        <small>{t('notification.potential.devices', { count: potential.potential.devices })}</small>
      </div>
    );
  else if (potential.state === 'failed')
    body = (
      <div className="flex flex-column gap-2">
        <small className="p-error">{t(potential.key ?? 'error.server')}</small>
        <Button type="button" icon="pi pi-refresh" label={t('notification.common.retry')} text size="small" onClick={() => form.send({ type: 'potential.refresh' })} />
      </div>
    );
  else body = <p className="notif-side__note">{t('notification.potential.incomplete')}</p>;
  return (
    <section className="notif-side-card surface-card border-round-xl shadow-1" aria-labelledby="potential-title" data-state={potential.state}>
      <h3 id="potential-title" className="notif-side-card__title">
        <i className="pi pi-chart-bar" aria-hidden /> {t('notification.potential.title')}
      </h3>
      {body}
      {errors.recipients ? <small className="p-error" data-testid="error-recipients">{t(errors.recipients)}</small> : null}
    </section>
  );
}

/** The test send: the form's message now, to one tester's phone (spec §5: message, application, OS, language, build version, tester). */
export function TestCard() {
  const { t } = useIntl();
  const { form, values, change } = useNotificationForm();
  const testers = NotificationFormActor.useSelector(testersOf, sameJson);
  const testErrors = NotificationFormActor.useSelector(testErrorsOf, sameJson);
  const testing = NotificationFormActor.useSelector(isTesting);
  const missing = Object.entries(testErrors).filter(([field]) => field !== 'idTester');
  return (
    <section className="notif-side-card surface-card border-round-xl shadow-1" aria-labelledby="test-title">
      <h3 id="test-title" className="notif-side-card__title">
        <i className="pi pi-mobile" aria-hidden /> {t('notification.test.title')}
      </h3>
      <p className="notif-side__note">{t('notification.test.hint')}</p>
      <Dropdown
        inputId="notif-tester"
        value={values.idTester}
        options={testers.map((tester) => ({ value: tester.id, label: tester.name, os: tester.os, phone: tester.phone }))}
        placeholder={t('notification.test.tester')}
        aria-label={t('notification.test.tester')}
        invalid={Boolean(testErrors.idTester)}
        emptyMessage={t('notification.test.no-testers')}
        itemTemplate={(option: { label: string; os: string; phone: string }) => (
          <span className="flex align-items-center gap-2">
            <i className={osIcons[option.os] ?? 'pi pi-mobile'} aria-hidden /> {option.label} <small className="text-color-secondary">{option.phone}</small>
          </span>
        )}
        className="w-full"
        onChange={(event) => change({ idTester: event.value as number })}
      />
      {testErrors.idTester ? <small className="p-error">{t(testErrors.idTester)}</small> : null}
      {missing.length ? (
        <ul className="notif-test-missing" data-testid="test-errors">
          {missing.map(([field, key]) => (
            <li key={field}>
              {t(`notification.field.${field === 'idSite' ? 'application' : field}`)} — {t(key)}
            </li>
          ))}
        </ul>
      ) : null}
      <Button type="button" icon="pi pi-send" label={t('notification.test.send')} outlined loading={testing} className="w-full" data-testid="test-send" onClick={() => form.send({ type: 'test.send' })} />
    </section>
  );
}
