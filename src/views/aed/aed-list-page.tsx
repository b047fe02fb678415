import './aed.css';
import { Button } from 'primereact/button';
import { ConfirmPopup } from 'primereact/confirmpopup';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/access';
import { useIntl } from '../../i18n/intl-provider';
import { appliedOf } from '../../machines/aed-bulk-hours/aed-bulk-hours.selectors';
import { errorKeyOf, isExporting, phaseOf, viewOf } from '../../machines/aed-list/aed-list.selectors';
import type { AedView } from '../../machines/aed-list/aed-list.types';
import { SessionActor } from '../app/actor-contexts';
import { AedBulkHoursActor } from './aed-bulk-hours-actor';
import { AedListActor } from './aed-list-actor';
import { AedMergeScreen } from './aed-merge-screen';
import { langOf } from './parts/aed-format';
import { AccountSelector } from './parts/account-selector';
import { AdvancedSearch } from './parts/advanced-search';
import { AedMapView } from './parts/aed-map-view';
import { AedTagSearch, AedTextSearch } from './parts/aed-search';
import { AedTable } from './parts/aed-table';
import { BulkHoursButton, BulkHoursDialog } from './parts/bulk-hours-dialog';
import { FilterChips } from './parts/filter-chips';
import { OpenDataMenu } from './parts/open-data-menu';

/**
 * AED list (spec §2): /aed/list with the table (default) or the map (?view=map), advanced and tag
 * search, the account selector and export; /aed/list?merge=udid,udid opens the merge screen.
 */
export default function AedListPage() {
  const [params] = useSearchParams();
  const { locale } = useIntl();
  const merge = params.get('merge');
  if (merge !== null) return <AedMergeScreen udids={merge.split(',').filter(Boolean)} />;
  const view: AedView = params.get('view') === 'map' ? 'map' : 'list';
  return (
    <AedListActor.Provider options={{ input: { lang: langOf(locale), view } }}>
      <AedBulkHoursActor.Provider>
        <AedViewSync />
        <AedListScreen />
      </AedBulkHoursActor.Provider>
    </AedListActor.Provider>
  );
}

/** Keeps ?view= in step with the machine, so a reload or a link comes back to the same view. */
function AedViewSync() {
  const view = AedListActor.useSelector(viewOf);
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const wanted = view === 'map' ? 'map' : null;
    if (params.get('view') !== wanted) setParams(wanted ? { view: wanted } : {}, { replace: true });
    // The machine leads; the address follows.
  }, [view]);
  return null;
}

function AedListScreen() {
  const { t } = useIntl();
  const list = AedListActor.useActorRef();
  const navigate = useNavigate();
  const view = AedListActor.useSelector(viewOf);
  const phase = AedListActor.useSelector(phaseOf);
  const errorKey = AedListActor.useSelector(errorKeyOf);
  const exporting = AedListActor.useSelector(isExporting);
  const accountName = (idSite: number) => list.getSnapshot().context.accounts.byId[String(idSite)]?.name ?? null;
  const mayMerge = SessionActor.useSelector((snapshot) => can(snapshot.context.user?.idGroup ?? 0, 'aed.merge'));
  const mayWrite = SessionActor.useSelector((snapshot) => can(snapshot.context.user?.idGroup ?? 0, 'aed.write'));
  const mayShareOpenData = SessionActor.useSelector((snapshot) => can(snapshot.context.user?.idGroup ?? 0, 'aed.openData'));
  const [selection, setSelection] = useState<string[]>([]);
  // Hours applied to the selection: the list shows them, and the ticks clear.
  const applied = AedBulkHoursActor.useSelector(appliedOf);
  useEffect(() => {
    if (applied === 0) return;
    setSelection([]);
    list.send({ type: 'list.reload' });
    // Only a new apply reloads.
  }, [applied]);
  const views = [
    { value: 'list', icon: 'pi pi-list', label: t('aed.view.list') },
    { value: 'map', icon: 'pi pi-map', label: t('aed.view.map') },
  ];

  if (phase === 'accountsFailed') {
    return (
      <section className="aed-page surface-card border-round-xl shadow-1 p-5" data-testid="aed-accounts-failed">
        <Message severity="error" text={t(errorKey ?? 'error.aed.accounts')} className="mb-3" />
        <Button type="button" icon="pi pi-refresh" label={t('aed.common.retry')} onClick={() => list.send({ type: 'accounts.retry' })} />
      </section>
    );
  }

  return (
    <div className="aed-page" data-testid="aed-list" data-phase={phase}>
      <ConfirmPopup />
      <header className="aed-toolbar surface-card border-round-xl shadow-1">
        <div className="aed-toolbar__row">
          <SelectButton
            value={view}
            options={views}
            optionValue="value"
            allowEmpty={false}
            onChange={(event) => event.value && event.value !== view && list.send({ type: 'view.change', view: event.value as AedView })}
            itemTemplate={(option: (typeof views)[number]) => (
              <span className="flex align-items-center gap-2" data-view={option.value}>
                <i className={option.icon} aria-hidden />
                {option.label}
              </span>
            )}
            aria-label={t('aed.view.label')}
            className="aed-view-switch"
          />
          <AccountSelector />
          <div className="aed-toolbar__spacer" />
          {mayMerge && view === 'list' ? (
            // A title on a wrapper: PrimeReact's showOnDisabled tooltip moves the button in the DOM behind React's back.
            <span title={selection.length < 2 ? t('aed.merge.pick-two') : undefined}>
              <Button type="button" icon="pi pi-clone" label={t('aed.merge.open', { count: selection.length })} outlined size="small" disabled={selection.length < 2} data-testid="merge-open" onClick={() => navigate(`/aed/list?merge=${selection.join(',')}`)} />
            </span>
          ) : null}
          {mayWrite && view === 'list' ? <BulkHoursButton selection={selection} /> : null}
          <Button type="button" icon="pi pi-plus" label={t('aed.list.new')} size="small" onClick={() => navigate('/aed/form/update/new')} data-testid="aed-new" />
          {mayShareOpenData ? <OpenDataMenu exporting={exporting} /> : null}
          <Button type="button" icon="pi pi-file-excel" label={t('aed.export.action')} tooltip={t('aed.export.help')} tooltipOptions={{ position: 'bottom' }} severity="success" outlined size="small" loading={exporting} onClick={() => list.send({ type: 'list.export' })} data-testid="aed-export" />
        </div>
        <div className="aed-toolbar__row">
          <AedTextSearch />
          <AedTagSearch />
          <AdvancedSearch />
        </div>
        <FilterChips />
      </header>
      {phase === 'failed' ? (
        <div className="flex align-items-center gap-3" data-testid="aed-list-failed">
          <Message severity="error" text={t(errorKey ?? 'error.aed.list')} />
          <Button type="button" icon="pi pi-refresh" label={t('aed.common.retry')} text onClick={() => list.send({ type: 'list.reload' })} />
        </div>
      ) : null}
      <section className={`aed-results surface-card border-round-xl shadow-1 is-${view}`} data-testid="aed-results">
        {view === 'list' ? <AedTable selection={mayMerge || mayWrite ? selection : null} onSelection={setSelection} accountName={accountName} /> : <AedMapView />}
      </section>
      <BulkHoursDialog />
    </div>
  );
}
