import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import type { AccountSummary } from '../../../../contract/auth.schemas';
import { alertTypes } from '../../../../contract/alert.schemas';
import { defaultHistoryRange, oldestHistoryStart } from '../../../../contract/history.rules';
import { historyMaxMonths, historyTags, type HistoryTag } from '../../../../contract/history.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { historyFilterOf, isExporting, rangeErrorOf } from '../../../machines/history/history.selectors';
import type { FilterKey, HistoryFilter } from '../../../machines/history/history.types';
import { HistoryActor } from '../history-actor';
import { DateRangeField } from './date-range-field';

/** The filters of spec §3 above the history table: range, search, type, call-back tag, site, test alerts, departures. */
export function HistoryFilters({ sites }: { sites: AccountSummary[] }) {
  const { t } = useIntl();
  const history = HistoryActor.useActorRef();
  const filter = HistoryActor.useSelector(historyFilterOf);
  const rangeError = HistoryActor.useSelector(rangeErrorOf);
  const exporting = HistoryActor.useSelector(isExporting);
  const canExport = HistoryActor.useSelector((snapshot) => snapshot.can({ type: 'export.start' }));
  const [address, setAddress] = useState(filter.address);
  useEffect(() => setAddress(filter.address), [filter.address]);

  const typeOptions = alertTypes.map((value) => ({ value, label: t(`alert.type.${value}`) }));
  const tagOptions = historyTags.map((value) => ({ value, label: t(`history.tag.${value}`) }));
  const siteOptions = sites.map((site) => ({ value: site.id, label: site.name }));
  const change = (changes: Partial<HistoryFilter>) => history.send({ type: 'filter.change', changes });

  return (
    <section className="history-filters surface-card border-round-xl shadow-1" aria-label={t('history.filters')}>
      <div className="history-filters__row">
        <div className="history-filters__field history-filters__field--range">
          <label htmlFor="history-range">{t('history.filter.period')}</label>
          <DateRangeField
            id="history-range"
            startDate={filter.startDate}
            endDate={filter.endDate}
            minDate={oldestHistoryStart()}
            onChange={(range) => change(range)}
            defaultRange={{ ...defaultHistoryRange(), label: t('history.filter.default-range') }}
            errorKey={rangeError}
            errorValues={{ maxMonths: historyMaxMonths }}
          />
        </div>
        <div className="history-filters__field history-filters__field--search">
          <label htmlFor="history-address">{t('history.filter.address')}</label>
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText
              id="history-address"
              value={address}
              placeholder={t('history.filter.address.placeholder')}
              onChange={(event) => {
                setAddress(event.target.value);
                history.send({ type: 'filter.type', address: event.target.value });
              }}
            />
          </IconField>
        </div>
        <div className="history-filters__field">
          <label htmlFor="history-type">{t('history.filter.type')}</label>
          <Dropdown inputId="history-type" value={filter.alertType} options={typeOptions} placeholder={t('history.filter.all-types')} showClear onChange={(event) => change({ alertType: (event.value as number | undefined) ?? null })} />
        </div>
        <div className="history-filters__field">
          <label htmlFor="history-tag">{t('history.filter.tag')}</label>
          <Dropdown inputId="history-tag" value={filter.tag} options={tagOptions} placeholder={t('history.filter.all-callbacks')} showClear onChange={(event) => change({ tag: (event.value as HistoryTag | undefined) ?? null })} />
        </div>

      </div>
      <div className="history-filters__row history-filters__row--end">
        <div className="history-filters__field history-filters__field--site">
          <label htmlFor="history-site">{t('history.filter.site')}</label>
          <Dropdown inputId="history-site" value={filter.selectedSite} options={siteOptions} placeholder={t('history.filter.all-sites')} showClear onChange={(event) => change({ selectedSite: (event.value as number | undefined) ?? null })} />
        </div>
        <div className="flex align-items-center gap-2">
          <Checkbox inputId="history-test" checked={filter.withTest} onChange={(event) => change({ withTest: Boolean(event.checked) })} />
          <label htmlFor="history-test">{t('history.filter.with-test')}</label>
        </div>
        <div className="flex align-items-center gap-2">
          <Checkbox inputId="history-departures" checked={filter.withCitizenResponderOnly} onChange={(event) => change({ withCitizenResponderOnly: Boolean(event.checked) })} />
          <label htmlFor="history-departures">{t('history.filter.with-responders')}</label>
        </div>
        <span className="flex-grow-1" />
        <Button type="button" icon="pi pi-refresh" rounded text aria-label={t('history.refresh')} tooltip={t('history.refresh')} tooltipOptions={{ position: 'top' }} onClick={() => history.send({ type: 'history.refresh' })} />
        <Button type="button" icon="pi pi-file-excel" label={t('history.export')} loading={exporting} disabled={!canExport && !exporting} severity="success" onClick={() => history.send({ type: 'export.start' })} data-testid="history-export" />
      </div>
      <ActiveFilters sites={sites} />
    </section>
  );
}

/** The filters in force as chips; removing one blanks it (spec §4). */
function ActiveFilters({ sites }: { sites: AccountSummary[] }) {
  const { t } = useIntl();
  const history = HistoryActor.useActorRef();
  const filter = HistoryActor.useSelector(historyFilterOf);
  const chips: { key: FilterKey; label: string }[] = [];
  if (filter.address) chips.push({ key: 'address', label: `${t('history.filter.address')}: ${filter.address}` });
  if (filter.alertType !== null) chips.push({ key: 'alertType', label: t(`alert.type.${filter.alertType}`) });
  if (filter.tag) chips.push({ key: 'tag', label: t(`history.tag.${filter.tag}`) });
  if (filter.selectedSite !== null) chips.push({ key: 'selectedSite', label: sites.find((site) => site.id === filter.selectedSite)?.name ?? String(filter.selectedSite) });
  if (filter.withTest) chips.push({ key: 'withTest', label: t('history.filter.with-test') });
  if (filter.withCitizenResponderOnly) chips.push({ key: 'withCitizenResponderOnly', label: t('history.filter.with-responders') });
  if (chips.length === 0) return null;
  return (
    <ul className="history-chips" aria-label={t('history.filters.active')}>
      {chips.map((chip) => (
        <li key={chip.key} className="history-chip">
          {chip.label}
          <button type="button" className="history-chip__remove" aria-label={t('history.filter.remove', { name: chip.label })} onClick={() => history.send({ type: 'filter.delete', key: chip.key })}>
            <i className="pi pi-times" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
