import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { auditActions } from '../../../../contract/audit.actions';
import { useIntl } from '../../../i18n/intl-provider';
import { blankAuditFilter } from '../../../machines/audit-log/audit-log.machine';
import { auditFilterOf, auditSitesOf } from '../../../machines/audit-log/audit-log.selectors';
import type { AuditFilter } from '../../../machines/audit-log/audit-log.types';
import { DateRangeField } from '../../history/parts/date-range-field';
import { AuditLogActor } from '../audit-log-actor';
import { actionLabel } from './audit-labels';

/** A typed user id: digits make a number, anything else (an emptied field) no filter. */
const userIdOf = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

/** The audit log's filters: action, user id, target, period and account, a refresh and a reset. */
export function AuditFilters() {
  const { t, has } = useIntl();
  const audit = AuditLogActor.useActorRef();
  const filter = AuditLogActor.useSelector(auditFilterOf);
  const sites = AuditLogActor.useSelector(auditSitesOf);
  // The typed fields keep what is typed; the machine asks once the typing pauses.
  const [userId, setUserId] = useState(filter.userId === null ? '' : String(filter.userId));
  const [target, setTarget] = useState(filter.target);
  useEffect(() => setUserId((typed) => (userIdOf(typed) === filter.userId ? typed : filter.userId === null ? '' : String(filter.userId))), [filter.userId]);
  useEffect(() => setTarget((typed) => (typed.trim() === filter.target.trim() ? typed : filter.target)), [filter.target]);

  const actionOptions = auditActions.map((value) => ({ value, label: actionLabel(value, t, has) }));
  const siteOptions = sites.map((site) => ({ value: site.id, label: site.name }));
  const change = (changes: Partial<AuditFilter>) => audit.send({ type: 'filter.change', changes });

  return (
    <section className="history-filters surface-card border-round-xl shadow-1" aria-label={t('audit.filters')}>
      <div className="history-filters__row">
        <div className="history-filters__field">
          <label htmlFor="audit-action">{t('audit.filter.action')}</label>
          <Dropdown inputId="audit-action" value={filter.action} options={actionOptions} placeholder={t('audit.filter.all-actions')} filter showClear onChange={(event) => change({ action: (event.value as string | undefined) ?? null })} />
        </div>
        <div className="history-filters__field">
          <label htmlFor="audit-user">{t('audit.filter.user')}</label>
          <InputText
            id="audit-user"
            value={userId}
            keyfilter="pint"
            inputMode="numeric"
            placeholder={t('audit.filter.user.placeholder')}
            onChange={(event) => {
              setUserId(event.target.value);
              audit.send({ type: 'filter.type', changes: { userId: userIdOf(event.target.value) } });
            }}
          />
        </div>
        <div className="history-filters__field history-filters__field--search">
          <label htmlFor="audit-target">{t('audit.filter.target')}</label>
          <InputText
            id="audit-target"
            value={target}
            placeholder={t('audit.filter.target.placeholder')}
            onChange={(event) => {
              setTarget(event.target.value);
              audit.send({ type: 'filter.type', changes: { target: event.target.value } });
            }}
          />
        </div>
      </div>
      <div className="history-filters__row history-filters__row--end">
        <div className="history-filters__field history-filters__field--range">
          <label htmlFor="audit-range">{t('audit.filter.period')}</label>
          <DateRangeField id="audit-range" startDate={filter.startDate} endDate={filter.endDate} onChange={(range) => change(range)} />
        </div>
        <div className="history-filters__field history-filters__field--site">
          <label htmlFor="audit-site">{t('audit.filter.site')}</label>
          <Dropdown inputId="audit-site" value={filter.selectedSite} options={siteOptions} placeholder={t('audit.filter.all-sites')} showClear onChange={(event) => change({ selectedSite: (event.value as number | undefined) ?? null })} />
        </div>
        <span className="flex-grow-1" />
        <Button type="button" icon="pi pi-filter-slash" text label={t('audit.filter.clear')} onClick={() => change(blankAuditFilter)} />
        <Button type="button" icon="pi pi-refresh" rounded text aria-label={t('audit.refresh')} tooltip={t('audit.refresh')} tooltipOptions={{ position: 'top' }} onClick={() => audit.send({ type: 'audit.refresh' })} />
      </div>
    </section>
  );
}
