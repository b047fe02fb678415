import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/**
 * A paged list's frame, shared by the alert history and the audit log: the live count line with
 * header actions, the load error with its retry, then the table.
 */
export function ResultsPanel(props: {
  label: string;
  testId: string;
  count: number;
  countText: string;
  actions?: ReactNode;
  error: { text: string; retryLabel: string; onRetry: () => void } | null;
  children: ReactNode;
}) {
  const { error } = props;
  return (
    <section className="history-results surface-card border-round-xl shadow-1" aria-label={props.label}>
      <header className="history-results__header">
        <span className="text-700" aria-live="polite" data-testid={props.testId} data-count={props.count}>
          {props.countText}
        </span>
        {props.actions}
      </header>
      {error ? (
        <div className="history-error" role="alert" data-testid={`${props.testId}-error`}>
          <i className="pi pi-exclamation-triangle" aria-hidden /> {error.text}
          <Button type="button" link label={error.retryLabel} onClick={error.onRetry} />
        </div>
      ) : null}
      {props.children}
    </section>
  );
}
