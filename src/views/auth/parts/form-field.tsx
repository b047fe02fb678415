import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  /** Translated error text, shown under the field. */
  error?: string | null;
  children: ReactNode;
}

/** A labelled form field with its error line. Inputs point at `${id}-error` with aria-describedby. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="field mb-4">
      <label htmlFor={id} className="block font-medium text-900 mb-2">
        {label}
      </label>
      {children}
      {error ? (
        <small id={`${id}-error`} className="p-error block mt-1" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
