import { createActorContext } from '@xstate/react';
import { auditLogMachine } from '../../machines/audit-log/audit-log.machine';
import { inspected } from '../../services/inspection';

/** The audit log screen's actor (one per visit of /admin/audit). */
export const AuditLogActor = createActorContext(auditLogMachine, inspected);
