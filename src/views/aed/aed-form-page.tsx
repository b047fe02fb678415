import './aed.css';
import { Button } from 'primereact/button';
import { ConfirmPopup, confirmPopup } from 'primereact/confirmpopup';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import { Dialog } from 'primereact/dialog';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { aedOf, canDelete, canRestore, canSave, draftOf, errorKeyOf, fieldErrorsOf, isBusy, isDeleted, isDirty, isNew, isSaving, phaseOf, runningActionOf } from '../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from './aed-form-actor';
import { formatDay, langOf } from './parts/aed-format';
import { AvailabilityDialog, CertificationDialog } from './parts/availability-dialog';
import { ContactsSection } from './parts/contacts-section';
import { DeviceSection, MaintenanceSection } from './parts/device-section';
import { FormBadges } from './parts/form-badges';
import { HoursSection } from './parts/hours-section';
import { LocationSection } from './parts/location-section';
import { PicturesSection } from './parts/pictures-section';
import { ReportsSection } from './parts/reports-section';
import { SourceSection } from './parts/source-section';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of each tab, to mark a tab holding an edit or an error. */
const tabFields: Record<string, string[]> = {
  location: ['name', 'idAed', 'address', 'address2', 'building', 'floor', 'zipCode', 'city', 'state', 'country', 'description', 'lat', 'lon', 'altitude', 'position', 'accessibility'],
  hours: ['alwaysOpened', 'itinerant', 'openingHours'],
  device: ['brand', 'model', 'softwareVersion', 'serialNumber', 'installDate', 'cabinetId', 'padsLot', 'padsExpiration', 'hasChildPads', 'childPadsLot', 'childPadsExpiration', 'batteryLot', 'batteryExpiration', 'padsPackLot', 'padsPackExpiration'],
  maintenance: ['maintenanceAlertType', 'maintenancePeriod', 'maintenanceLastDate', 'inspectedBy', 'lastInspection', 'privateComment'],
  source: ['source', 'sourceInfo', 'externalSourceId'],
};

/** AED form (spec §2): /aed/form/update/:udid, every section of the AED. */
export default function AedFormPage() {
  const { udid = '' } = useParams();
  const { locale } = useIntl();
  return (
    <AedFormActor.Provider key={udid} options={{ input: { udid, lang: langOf(locale) } }}>
      <ConfirmPopup />
      <NewAedRedirect />
      <LeaveGuard />
      <AedFormScreen />
    </AedFormActor.Provider>
  );
}

/** Once a new AED is saved, the address becomes its own (the form reloads it from there). */
function NewAedRedirect() {
  const { udid } = useParams();
  const navigate = useNavigate();
  const saved = AedFormActor.useSelector((snapshot) => (udid === 'new' && snapshot.context.aed && snapshot.context.aed.id > 0 ? snapshot.context.aed.udid : null));
  useEffect(() => {
    if (saved) navigate(`/aed/form/update/${saved}`, { replace: true });
  }, [saved, navigate]);
  return null;
}

/** Leaving the form with unsaved edits asks first (in the app, and when closing or reloading the tab). */
function LeaveGuard() {
  const { t } = useIntl();
  const form = AedFormActor.useActorRef();
  const dirty = AedFormActor.useSelector(isDirty);
  // Read at navigation time: a new AED just saved goes to its own address with nothing left unsaved.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty(form.getSnapshot()) && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Dialog
      visible={blocker.state === 'blocked'}
      onHide={() => blocker.reset?.()}
      header={t('aed.form.leave-title')}
      style={{ width: '30rem' }}
      footer={
        <div className="flex justify-content-end gap-2">
          <Button type="button" label={t('aed.form.leave-stay')} text onClick={() => blocker.reset?.()} />
          <Button type="button" label={t('aed.form.leave-go')} severity="danger" onClick={() => blocker.proceed?.()} data-testid="leave-confirm" />
        </div>
      }
    >
      <p className="m-0">{t('aed.form.leave-text')}</p>
    </Dialog>
  );
}

/** The form of the AED the actor holds: loading, the load failure, or the editor. */
export function AedFormScreen() {
  const { t } = useIntl();
  const form = AedFormActor.useActorRef();
  const phase = AedFormActor.useSelector(phaseOf);
  const errorKey = AedFormActor.useSelector(errorKeyOf);
  if (phase === 'loading') {
    return (
      <div className="aed-page" aria-busy>
        <Skeleton height="6rem" className="border-round-xl" />
        <Skeleton height="28rem" className="border-round-xl" />
      </div>
    );
  }
  if (phase === 'loadFailed') {
    return (
      <section className="aed-page surface-card border-round-xl shadow-1 p-5" data-testid="aed-load-failed">
        <Message severity="error" text={t(errorKey ?? 'error.aed.load')} className="mb-3" />
        <div className="flex gap-2">
          <Button type="button" icon="pi pi-refresh" label={t('aed.common.retry')} onClick={() => form.send({ type: 'form.reload' })} />
          <Link to="/aed/list" className="p-button p-button-text">
            {t('aed.form.back')}
          </Link>
        </div>
      </section>
    );
  }
  return <AedEditor />;
}

/** Pictures, contacts, reports and duplicates belong to a stored AED: a new one is saved first. */
function SavedFirst({ creating, children }: { creating: boolean; children: ReactNode }) {
  const { t } = useIntl();
  return creating ? <Message severity="info" text={t('aed.form.save-first')} className="w-full justify-content-start" /> : <>{children}</>;
}

function AedEditor() {
  const { t, locale } = useIntl();
  const form = AedFormActor.useActorRef();
  const aed = AedFormActor.useSelector(aedOf, sameJson)!;
  const draft = AedFormActor.useSelector(draftOf, sameJson);
  const errors = AedFormActor.useSelector(fieldErrorsOf, sameJson);
  const deleted = AedFormActor.useSelector(isDeleted);
  const saving = AedFormActor.useSelector(isSaving);
  const busy = AedFormActor.useSelector(isBusy);
  const saveable = AedFormActor.useSelector(canSave);
  const deletable = AedFormActor.useSelector(canDelete);
  const restorable = AedFormActor.useSelector(canRestore);
  const running = AedFormActor.useSelector(runningActionOf, sameJson);
  const idle = AedFormActor.useSelector((snapshot) => snapshot.matches({ editing: 'idle' }));
  const creating = AedFormActor.useSelector(isNew);
  const [dialog, setDialog] = useState<'availability' | 'certification' | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const edits = Object.keys(draft).length;
  const tabMark = (tab: string) => {
    const fields = tabFields[tab] ?? [];
    if (Object.keys(errors).some((path) => fields.includes(path.split('.')[0]!))) return <i className="pi pi-exclamation-circle text-red-600 ml-2" aria-label={t('aed.form.tab-error')} />;
    if (fields.some((field) => field in draft)) return <span className="tab-edited" aria-label={t('aed.form.edited')} />;
    return null;
  };
  const header = (tab: string, icon: string, count?: number) => (
    <span className="flex align-items-center gap-2" data-tab={tab}>
      <i className={`pi ${icon}`} aria-hidden />
      {t(`aed.form.tab.${tab}`)}
      {count ? <span className="tab-count">{count}</span> : null}
      {tabMark(tab)}
    </span>
  );
  const onGoing = aed.reports.filter((report) => report.status !== 'resolved').length;

  return (
    <div className="aed-page aed-form" data-testid="aed-form" data-status={aed.status}>
      <header className="aed-form__header surface-card border-round-xl shadow-1">
        <div className="aed-form__title">
          <Link to="/aed/list" className="aed-form__back" aria-label={t('aed.form.back')} title={t('aed.form.back')}>
            <i className="pi pi-arrow-left" aria-hidden />
          </Link>
          <div className="flex flex-column gap-1 min-w-0">
            <div className="flex align-items-center gap-2 flex-wrap">
              <h2 className="m-0 text-2xl font-semibold text-900 aed-form__name" data-testid="aed-name">
                {creating ? t('aed.form.new-title') : aed.name}
              </h2>
              {creating ? null : <FormBadges />}
            </div>
            <span className="text-600 text-sm">
              {creating ? t('aed.form.new-help') : `${aed.accountName} · ${[aed.address, aed.zipCode, aed.city].filter(Boolean).join(', ')}`}
              {aed.status === 'unavailable' && aed.unavailableReason ? ` · ${t(`aed.unavailable.${aed.unavailableReason}`)}` : ''}
            </span>
          </div>
        </div>
        {creating ? null : (
          <div className="aed-form__actions">
            <Button type="button" icon="pi pi-power-off" label={t('aed.availability.open')} outlined size="small" disabled={deleted || !idle} loading={running?.kind === 'availability'} onClick={() => setDialog('availability')} data-testid="availability-open" />
            <Button type="button" icon="pi pi-verified" label={aed.certified ? t('aed.certification.manage') : t('aed.certification.certify')} outlined size="small" disabled={deleted || !idle} loading={running?.kind === 'certification'} onClick={() => setDialog('certification')} />
            <Button type="button" icon="pi pi-check-square" label={t('aed.confirm.action')} tooltip={t('aed.confirm.help')} tooltipOptions={{ position: 'bottom' }} outlined size="small" disabled={deleted || !idle} loading={running?.kind === 'confirm'} onClick={() => form.send({ type: 'aed.confirm' })} />
            {deletable ? (
              <Button
                type="button"
                icon="pi pi-trash"
                label={t('aed.delete.action')}
                severity="danger"
                outlined
                size="small"
                disabled={!idle}
                loading={running?.kind === 'delete'}
                data-testid="aed-delete"
                onClick={(event) => confirmPopup({ target: event.currentTarget, message: t('aed.delete.confirm', { name: aed.name }), icon: 'pi pi-trash', acceptClassName: 'p-button-danger', acceptLabel: t('aed.delete.action'), rejectLabel: t('aed.common.cancel'), accept: () => form.send({ type: 'aed.delete' }) })}
              />
            ) : null}
          </div>
        )}
      </header>

      {deleted ? (
        <div className="aed-deleted-banner" role="status" data-testid="deleted-banner">
          <i className="pi pi-trash" aria-hidden />
          <span>{t('aed.form.deleted', { date: aed.deletedAt ? formatDay(aed.deletedAt, locale) : '' })}</span>
          {restorable ? <Button type="button" icon="pi pi-undo" label={t('aed.restore.action')} size="small" loading={running?.kind === 'restore'} disabled={!idle} onClick={() => form.send({ type: 'aed.restore' })} data-testid="aed-restore" /> : null}
        </div>
      ) : null}

      <TabView className="aed-tabs" scrollable>
        <TabPanel header={header('location', 'pi-map-marker')}>
          <LocationSection />
        </TabPanel>
        <TabPanel header={header('hours', 'pi-clock')}>
          <HoursSection />
        </TabPanel>
        <TabPanel header={header('device', 'pi-bolt')}>
          <DeviceSection />
        </TabPanel>
        <TabPanel header={header('maintenance', 'pi-wrench')}>
          <MaintenanceSection />
        </TabPanel>
        <TabPanel header={header('pictures', 'pi-images', aed.pictures.length)}>
          <SavedFirst creating={creating}>
            <PicturesSection />
          </SavedFirst>
        </TabPanel>
        <TabPanel header={header('contacts', 'pi-users', aed.contacts.length)}>
          <SavedFirst creating={creating}>
            <ContactsSection />
          </SavedFirst>
        </TabPanel>
        <TabPanel header={header('reports', 'pi-flag', onGoing)}>
          <SavedFirst creating={creating}>
            <ReportsSection />
          </SavedFirst>
        </TabPanel>
        <TabPanel header={header('source', 'pi-link')}>
          <SavedFirst creating={creating}>
            <SourceSection />
          </SavedFirst>
        </TabPanel>
      </TabView>

      <footer className={`aed-savebar ${edits ? 'is-dirty' : ''}`} aria-live="polite">
        <span className="aed-savebar__state" data-testid="save-state">
          {busy ? <i className="pi pi-spin pi-spinner" aria-hidden data-testid="aed-busy" /> : null}
          {edits || creating ? (
            <>
              <i className="pi pi-pencil" aria-hidden /> {creating ? t('aed.form.new-unsaved') : t('aed.form.unsaved', { count: edits })}
            </>
          ) : (
            <>
              <i className="pi pi-check-circle text-green-600" aria-hidden /> {t('aed.form.all-saved', { date: formatDay(aed.updatedAt, locale) })}
            </>
          )}
        </span>
        <div className="flex gap-2">
          <Button type="button" label={t('aed.form.discard')} text severity="secondary" disabled={!edits || busy} onClick={() => form.send({ type: 'form.discard' })} />
          <Button type="button" icon="pi pi-save" label={t('aed.form.save')} loading={saving} disabled={!saveable} onClick={() => form.send({ type: 'form.save' })} data-testid="aed-save" />
        </div>
      </footer>
      <AvailabilityDialog visible={dialog === 'availability'} onClose={closeDialog} />
      <CertificationDialog visible={dialog === 'certification'} onClose={closeDialog} />
    </div>
  );
}
