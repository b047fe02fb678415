// The filter and results cards are the history's, so both screens look alike.
import '../history/history.css';
import { auditPhaseOf } from '../../machines/audit-log/audit-log.selectors';
import { AuditLogActor } from './audit-log-actor';
import { AuditFilters } from './parts/audit-filters';
import { AuditTable } from './parts/audit-table';

/** The audit log (super administrators): who did what and when, filtered, 50 a page, each entry's details. */
export default function AuditLogPage() {
  return (
    <AuditLogActor.Provider>
      <AuditLogScreen />
    </AuditLogActor.Provider>
  );
}

/** The screen inside its actor (the replay renders it around its own). */
export function AuditLogScreen() {
  const phase = AuditLogActor.useSelector(auditPhaseOf);
  return (
    <div className="history-page" data-testid="audit-log" data-phase={phase}>
      <AuditFilters />
      <AuditTable />
    </div>
  );
}
