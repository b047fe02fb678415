// What other modules may use of the audit log.

/** The request's audit: the change it records beside the action the route declares. */
export { auditWithChange, type AuditWithChange } from './hook';
/** One audit row written now, or as SQL inside a caller's statement. */
export { insertAudit, auditInsertSql, type NewAuditRow } from './repo';
