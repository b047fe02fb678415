import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useIntl } from '../../../i18n/intl-provider';
import { accountGroupsOf, accountsFlagsOf, allAccountsCountOf, defaultAdminAccountOf, selectedAccountOf, temporaryAccountOf, withChildOf } from '../../../machines/aed-list/aed-list.selectors';
import { defaultAccountId, temporaryAccountId } from '../../../machines/aed-list/aed-list.types';
import { AedListActor } from '../aed-list-actor';

interface AccountOption {
  value: string;
  name: string;
  count: number;
  depth: number;
  kind: string;
}

interface OptionGroup {
  label: string;
  warning: boolean;
  items: AccountOption[];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The account selector (spec §2, §3): every account of the caller, grouped internal / public app /
 * external, with its AED count (own, or with sub-accounts when they are included); '0' is every
 * account, '-1' a temporary account that can be removed; a DEFAULT_ADMIN account can bring in the
 * accounts it manages.
 */
export function AccountSelector() {
  const { t, locale } = useIntl();
  const list = AedListActor.useActorRef();
  const groups = AedListActor.useSelector(accountGroupsOf, sameJson);
  const selected = AedListActor.useSelector(selectedAccountOf);
  const withChild = AedListActor.useSelector(withChildOf);
  const allCount = AedListActor.useSelector(allAccountsCountOf);
  const temporary = AedListActor.useSelector(temporaryAccountOf, sameJson);
  const flags = AedListActor.useSelector(accountsFlagsOf, sameJson);
  const defaultAdmin = AedListActor.useSelector(defaultAdminAccountOf, sameJson);
  const number = new Intl.NumberFormat(locale.replace('_', '-'));
  // The name of a temporary account being typed; null when the field is closed.
  const [temporaryName, setTemporaryName] = useState<string | null>(null);
  const addTemporary = () => {
    const name = temporaryName?.trim();
    if (!name) return;
    list.send({ type: 'account.addTemporary', name });
    setTemporaryName(null);
  };

  const options: OptionGroup[] = [
    {
      label: t('aed.accounts.group.scope'),
      warning: false,
      items: [
        { value: defaultAccountId, name: t('aed.accounts.all'), count: allCount, depth: 0, kind: 'all' },
        ...(temporary ? [{ value: temporaryAccountId, name: temporary.name, count: temporary.count, depth: 0, kind: 'temporary' }] : []),
      ],
    },
    ...groups.map((group) => ({
      label: t(`aed.accounts.group.${group.key}`),
      warning: (group.key === 'publicApp' && flags.isPublicError) || (group.key === 'externalAccount' && flags.isExternalError),
      items: group.accounts.map((entry) => ({ value: entry.id, name: entry.name, count: withChild ? entry.totalLevel : entry.count, depth: entry.depth, kind: entry.kind })),
    })),
  ];

  const itemTemplate = (option: AccountOption) => (
    <div className="account-option" style={{ paddingInlineStart: `${option.depth * 1.1}rem` }} data-account={option.value}>
      <i className={`pi ${option.kind === 'external' ? 'pi-globe' : option.kind === 'publicApp' ? 'pi-mobile' : option.kind === 'all' ? 'pi-sitemap' : option.kind === 'temporary' ? 'pi-clock' : 'pi-building'}`} aria-hidden />
      <span className="account-option__name">{option.name}</span>
      <span className="account-option__count">{number.format(option.count)}</span>
    </div>
  );
  const groupTemplate = (group: OptionGroup) => (
    <div className="account-group">
      {group.label}
      {group.warning ? <i className="pi pi-exclamation-triangle text-orange-500" title={t('aed.accounts.counts-stale')} /> : null}
    </div>
  );
  const valueTemplate = (option: AccountOption | null) =>
    option ? (
      <span className="account-value">
        <span className="account-value__name">{option.name}</span>
        <span className="account-option__count">{number.format(option.count)}</span>
      </span>
    ) : (
      t('aed.accounts.placeholder')
    );

  return (
    <div className="account-selector" data-testid="account-selector">
      <label htmlFor="aed-account" className="sr-only">
        {t('aed.accounts.label')}
      </label>
      <Dropdown
        inputId="aed-account"
        value={selected}
        options={options}
        optionLabel="name"
        optionValue="value"
        optionGroupLabel="label"
        optionGroupChildren="items"
        optionGroupTemplate={groupTemplate}
        itemTemplate={itemTemplate}
        valueTemplate={valueTemplate}
        filter
        filterBy="name"
        scrollHeight="24rem"
        loading={flags.accountLoading}
        className="account-selector__dropdown"
        panelClassName="account-selector__panel"
        onChange={(event) => list.send({ type: 'account.select', id: String(event.value), withChild })}
        aria-label={t('aed.accounts.label')}
      />
      <div className="flex align-items-center gap-2">
        <Checkbox inputId="aed-with-child" checked={withChild} onChange={(event) => list.send({ type: 'account.select', id: selected, withChild: !!event.checked })} />
        <label htmlFor="aed-with-child" className="text-sm text-700">
          {t('aed.accounts.with-child')}
        </label>
      </div>
      {temporary ? (
        <Button type="button" icon="pi pi-times" size="small" text severity="secondary" label={t('aed.accounts.remove-temporary')} onClick={() => list.send({ type: 'account.deleteTemporary' })} data-testid="temporary-remove" />
      ) : temporaryName === null ? (
        <Button type="button" icon="pi pi-clock" size="small" text severity="secondary" label={t('aed.accounts.add-temporary')} tooltip={t('aed.accounts.add-temporary-help')} tooltipOptions={{ position: 'bottom' }} onClick={() => setTemporaryName('')} data-testid="temporary-add" />
      ) : (
        <form
          className="flex align-items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            addTemporary();
          }}
        >
          <label htmlFor="aed-temporary-name" className="sr-only">
            {t('aed.accounts.temporary-name')}
          </label>
          <InputText id="aed-temporary-name" value={temporaryName} maxLength={80} autoFocus placeholder={t('aed.accounts.temporary-name')} className="p-inputtext-sm" onChange={(event) => setTemporaryName(event.target.value)} onKeyDown={(event) => event.key === 'Escape' && setTemporaryName(null)} />
          <Button type="submit" icon="pi pi-check" size="small" text rounded disabled={!temporaryName.trim()} aria-label={t('aed.accounts.add-temporary')} />
          <Button type="button" icon="pi pi-times" size="small" text rounded severity="secondary" aria-label={t('aed.common.cancel')} onClick={() => setTemporaryName(null)} />
        </form>
      )}
      {defaultAdmin ? (
        <Button
          type="button"
          icon={flags.isAdminInsert ? 'pi pi-users' : 'pi pi-user-plus'}
          size="small"
          text
          rounded
          severity="secondary"
          aria-label={t('aed.accounts.managed')}
          tooltip={`${t('aed.accounts.managed')}: ${t('aed.accounts.managed-help')}`}
          tooltipOptions={{ position: 'bottom' }}
          className={flags.isAdminInsert ? 'is-active' : ''}
          onClick={() => list.send({ type: 'account.selectAsync', id: defaultAdmin.id })}
        />
      ) : null}
    </div>
  );
}
