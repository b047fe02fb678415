import type { ReactNode } from 'react';
import { useIntl } from '../../../i18n/intl-provider';

interface FieldProps {
  id: string;
  label: string;
  /** Message key of the field's error, if any. */
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** A labelled form field with its hint and its translated error. */
export function Field({ id, label, error, hint, required, className, children }: FieldProps) {
  const { t } = useIntl();
  return (
    <div className={`notif-field ${className ?? ''}`} data-field={id} data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id} className="notif-field__label">
        {label}
        {required ? <span className="notif-field__required" aria-hidden> *</span> : null}
      </label>
      {children}
      {error ? (
        <small className="p-error" id={`${id}-error`} data-testid={`error-${id}`}>
          {t(error)}
        </small>
      ) : hint ? (
        <small className="notif-field__hint">{hint}</small>
      ) : null}
    </div>
  );
}
