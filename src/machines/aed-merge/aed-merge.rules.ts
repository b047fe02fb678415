import type { MergeInfo } from '../../../contract/aed-merge.schemas';
import type { MergeWarning } from './aed-merge.types';

/** The key of the warning on an empty chosen value. */
export const emptyValueWarning = 'warning.aed.merge-empty-value';

/** An empty value: nothing to keep (null, blank text, opening hours without a range), as the server reads it. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'object') return Object.values(value as object).every((entry) => Array.isArray(entry) && entry.length === 0);
  return false;
}

/** The AEDs given, without repeats (case ignored), the first first. */
export function distinctUdids(udids: readonly string[]): string[] {
  const seen = new Set<string>();
  return udids.map((udid) => udid.trim()).filter((udid) => udid && !seen.has(udid.toLowerCase()) && seen.add(udid.toLowerCase()));
}

/** The proposed value of each field (the server's proposal). */
export function proposedChoices(info: MergeInfo): Record<string, string> {
  return Object.fromEntries(info.fields.map((field) => [field.field, field.proposedUdid]));
}

/** The values the merge sends: every field where the AEDs differ, with the udid chosen for it. */
export function chosenValues(info: MergeInfo, choices: Record<string, string>): Record<string, string> {
  return Object.fromEntries(info.fields.filter((field) => !field.same).map((field) => [field.field, choices[field.field] ?? field.proposedUdid]));
}

/** Fields whose chosen value is empty while they differ between the AEDs: the user confirms them first. */
export function emptyChoices(info: MergeInfo, choices: Record<string, string>): MergeWarning[] {
  const values = chosenValues(info, choices);
  return info.fields
    .filter((field) => field.field in values && isEmptyValue(field.values.find((entry) => entry.udid === values[field.field])?.value))
    .map((field) => ({ field: field.field, key: emptyValueWarning }));
}
