import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmPopup } from 'primereact/confirmpopup';
import { DataTable } from 'primereact/datatable';
import type { Tester } from '../../../contract/tester.schemas';
import { formatDateTime } from '../../i18n/dates';
import { useIntl } from '../../i18n/intl-provider';
import { canNotify, canToggle, pendingOf, phaseOf, testersOf } from '../../machines/testers/testers.selectors';
import { TestersActor } from './testers-actor';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const osIcons: Record<string, string> = { ios: 'pi pi-apple', android: 'pi pi-android', web: 'pi pi-globe' };

function TesterActions({ tester }: { tester: Tester }) {
  const { t } = useIntl();
  const testers = TestersActor.useActorRef();
  const mayNotify = TestersActor.useSelector((snapshot) => canNotify(snapshot, tester.udid));
  const mayRemove = TestersActor.useSelector((snapshot) => canToggle(snapshot, tester.udid));
  const pending = TestersActor.useSelector(pendingOf, sameJson);
  const busy = (action: string) => pending?.udid === tester.udid && pending.action === action;
  const askRemove = (target: HTMLElement) =>
    confirmPopup({
      target,
      message: t('tester.remove.confirm', { name: tester.name }),
      icon: 'pi pi-user-minus',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('tester.remove.action'),
      rejectLabel: t('notification.common.cancel'),
      accept: () => testers.send({ type: 'tester.toggle', udid: tester.udid }),
    });
  return (
    <div className="notif-row-actions">
      <Button
        type="button"
        icon="pi pi-send"
        label={t('tester.notify.action')}
        size="small"
        outlined
        loading={busy('notify')}
        disabled={!mayNotify}
        data-testid="tester-notify"
        onClick={() => testers.send({ type: 'tester.notify', udid: tester.udid })}
      />
      <Button
        type="button"
        icon="pi pi-user-minus"
        rounded
        text
        size="small"
        severity="danger"
        aria-label={t('tester.remove.action')}
        tooltip={t('tester.remove.action')}
        tooltipOptions={{ position: 'top' }}
        loading={busy('toggle')}
        disabled={!mayRemove}
        data-testid="tester-remove"
        onClick={(event) => askRemove(event.currentTarget)}
      />
    </div>
  );
}

/** The testers (spec §3 "Tester": name, phone, zipcode, last update, udid) with the test send and removal. */
export function TesterTable() {
  const { t, locale } = useIntl();
  const testers = TestersActor.useSelector(testersOf, sameJson);
  const phase = TestersActor.useSelector(phaseOf);
  return (
    <DataTable value={testers} dataKey="udid" loading={phase === 'loading'} className="notif-table" emptyMessage={t('tester.list.empty')} sortField="name" sortOrder={1}>
      <Column
        field="name"
        header={t('tester.column.name')}
        sortable
        body={(tester: Tester) => (
          <div className="notif-cell-stack" data-testid="tester-row" data-udid={tester.udid}>
            <strong>{tester.name}</strong>
            <small>
              <i className={osIcons[tester.os] ?? 'pi pi-mobile'} aria-hidden /> {tester.os}
            </small>
          </div>
        )}
      />
      <Column field="phone" header={t('tester.column.phone')} />
      <Column field="zipcode" header={t('tester.column.zipcode')} body={(tester: Tester) => tester.zipcode ?? '—'} />
      <Column field="updatedAt" header={t('tester.column.updatedAt')} sortable body={(tester: Tester) => formatDateTime(tester.updatedAt, locale)} />
      <Column field="udid" header={t('tester.column.udid')} body={(tester: Tester) => <code className="notif-udid">{tester.udid}</code>} />
      <Column header={t('notification.column.actions')} body={(tester: Tester) => <TesterActions tester={tester} />} style={{ width: '14rem' }} />
    </DataTable>
  );
}
