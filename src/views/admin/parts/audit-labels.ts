import { groupLabelKey } from '../../../../contract/groups';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The translated name of an audit action; an action newer than the catalogue shows as recorded. */
export function actionLabel(action: string, t: Translate, has: (key: string) => boolean): string {
  return has(`audit.action.${action}`) ? t(`audit.action.${action}`) : action;
}

/** The translated name of a user group, or "unknown group". */
export function groupLabel(idGroup: number, t: Translate, has: (key: string) => boolean): string {
  return has(groupLabelKey(idGroup)) ? t(groupLabelKey(idGroup)) : t('group.unknown');
}

/** A details value as text: lists joined, objects as JSON. */
export function detailText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(detailText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
