import { errorKeys } from '../../../../contract/errors';

/** A loose email check, the same shape the server accepts; the server has the last word. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The error key of an empty required field, or null. */
export function requiredError(value: string): string | null {
  return value.trim() === '' ? errorKeys.required : null;
}

/** The error key of a required email field that is empty or invalid, or null. */
export function emailError(value: string): string | null {
  return requiredError(value) ?? (emailPattern.test(value.trim()) ? null : errorKeys.invalidEmail);
}
