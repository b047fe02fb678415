import type { ReactNode } from 'react';
import { useIntl } from '../../../i18n/intl-provider';

interface PanelProps {
  title: string;
  icon?: string;
  /** Controls on the right of the title (a switch, a select). */
  actions?: ReactNode;
  loading?: boolean;
  /** A message key when the figures could not be loaded. */
  error?: string | null;
  className?: string;
  children: ReactNode;
  testId?: string;
}

/** A dashboard card: a title bar, then the figures, a loading veil, or the failure's message. */
export function Panel({ title, icon, actions, loading, error, className = '', children, testId }: PanelProps) {
  const { t } = useIntl();
  return (
    <section className={`dash-panel surface-card border-round-xl shadow-1 ${className}`} aria-label={title} aria-busy={loading ? true : undefined} data-testid={testId}>
      <header className="dash-panel__header">
        <h2>
          {icon ? <i className={`pi ${icon}`} aria-hidden /> : null}
          {title}
        </h2>
        {actions ? <div className="dash-panel__actions">{actions}</div> : null}
      </header>
      <div className="dash-panel__body">
        {error ? (
          <p className="dash-panel__error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
            <i className="pi pi-exclamation-triangle" aria-hidden /> {t(error)}
          </p>
        ) : (
          children
        )}
        {loading ? (
          <div className="dash-panel__veil" aria-hidden data-testid={testId ? `${testId}-loading` : undefined}>
            <i className="pi pi-spin pi-spinner" />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** One figure with its label (and an optional note under it). */
export function StatTile({ label, value, note, icon, tone = 'green', testId }: { label: string; value: string; note?: string; icon?: string; tone?: 'green' | 'blue' | 'amber' | 'violet' | 'red' | 'slate'; testId?: string }) {
  return (
    <div className={`stat-tile tone-${tone}`} data-testid={testId}>
      {icon ? (
        <span className="stat-tile__icon" aria-hidden>
          <i className={`pi ${icon}`} />
        </span>
      ) : null}
      <div className="stat-tile__text">
        <span className="stat-tile__value">{value}</span>
        <span className="stat-tile__label">{label}</span>
        {note ? <span className="stat-tile__note">{note}</span> : null}
      </div>
    </div>
  );
}
